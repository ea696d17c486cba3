import GRDB

/// One attribute and its new value in a batch request, named by key path or by name, checked
/// against the entity when the request runs (``BatchAssignmentResolver``).
struct BatchAssignment: Sendable {
    let keyPath: SendableKeyPath?
    let name: String?
    let value: StoredValue
    let valueType: AttributeType
    let isOptional: Bool

    init<Value: AttributeValue>(keyPath: AnyKeyPath, value: Value) {
        self.keyPath = SendableKeyPath(keyPath)
        self.name = nil
        self.value = value.storedValue
        self.valueType = Value.attributeType
        self.isOptional = Value.isOptional
    }

    init(name: String, value: any AttributeValue) {
        self.keyPath = nil
        self.name = name
        self.value = value.storedValue
        self.valueType = type(of: value).attributeType
        self.isOptional = type(of: value).isOptional
    }
}

/// Turns batch assignments into columns and stored values of one entity, checking each: an
/// attribute of the entity, a value of its type, nil only where the attribute is optional.
/// Key paths are looked up once per request.
struct BatchAssignmentResolver {
    let entity: EntityDescription
    private var attributesByKeyPath: [SendableKeyPath: AttributeDescription] = [:]

    init(entity: EntityDescription) {
        self.entity = entity
    }

    /// The attribute an assignment names, checked against its value.
    mutating func attribute(of assignment: BatchAssignment) throws(ObjectStoreError) -> AttributeDescription {
        let attribute: AttributeDescription?
        var name = assignment.name ?? "?"
        if let keyPath = assignment.keyPath {
            if let known = attributesByKeyPath[keyPath] {
                attribute = known
            } else {
                name = entity.propertyNames(of: keyPath.keyPath)?.first ?? "?"
                attribute = entity.attribute(named: name)
                attributesByKeyPath[keyPath] = attribute
            }
        } else {
            attribute = entity.attribute(named: name)
        }
        guard let attribute else {
            throw .invalidBatchRequest(entity: entity.name, reason: "\(name) is not an attribute of \(entity.name) (a batch request sets attributes only)")
        }
        guard !attribute.isDerived else {
            throw .invalidBatchRequest(entity: entity.name, reason: "\(attribute.name) is derived (\(attribute.derivation?.description ?? "")), so the store computes it; set the values it is derived from instead")
        }
        guard attribute.type == assignment.valueType else {
            throw .invalidBatchRequest(entity: entity.name, reason: "\(attribute.name) holds \(attribute.type.rawValue) values, and the request gives a \(assignment.valueType.rawValue)")
        }
        guard !assignment.value.isNull || attribute.isOptional else {
            throw .invalidBatchRequest(entity: entity.name, reason: "\(attribute.name) is not optional, and the request sets it to nil")
        }
        return attribute
    }

    /// The columns and values of `assignments`, a later assignment of a column replacing an
    /// earlier one.
    mutating func resolve(_ assignments: [BatchAssignment]) throws(ObjectStoreError) -> (columns: [Int], values: [DatabaseValue]) {
        var columns: [Int] = []
        var values: [DatabaseValue] = []
        for assignment in assignments {
            let column = try attribute(of: assignment).column
            if let index = columns.firstIndex(of: column) {
                values[index] = assignment.value.databaseValue
            } else {
                columns.append(column)
                values.append(assignment.value.databaseValue)
            }
        }
        return (columns, values)
    }
}
