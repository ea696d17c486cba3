import GRDB

/// A key of a dictionary fetch resolved against the entity: its dotted name, where the store
/// reads it, and how its stored value is given back.
struct FetchedKey: Sendable {
    var name: String
    var projection: StoreQuery.Projection
    var decoding: GroupedValueDecoding

    /// Resolves `key` (an attribute or a to-one key, through to-one relationships too) on
    /// `entity`; `role` says where the key was named, for errors.
    init<Entity: ManagedObject>(_ key: FetchKeyPath<Entity>, entity: EntityDescription, role: String) throws(ObjectStoreError) {
        guard let names = key.reference.names(on: entity) else {
            throw .invalidFetchRequest(.unknownKey(entity: entity.name, key: key.description))
        }
        name = names.joined(separator: ".")
        let resolved: ResolvedKey
        do {
            resolved = try ResolvedKey(names, from: entity, key: name, root: entity)
        } catch {
            throw .invalidFetchRequest(error)
        }
        switch resolved.end {
        case .attribute(let attribute):
            projection = StoreQuery.Projection(hops: resolved.hops, column: attribute.column)
            decoding = .attribute(attribute)
        case .toOne(let relationship):
            projection = StoreQuery.Projection(hops: resolved.hops, column: relationship.column ?? 0)
            decoding = .toOne(entity: relationship.destinationIndex)
        case .toMany, .count:
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: name, reason: "\(role) takes attributes and to-one relationships only"))
        }
    }
}

/// How a stored value of a dictionary fetch is given back.
enum GroupedValueDecoding: Sendable {
    /// As the attribute's value.
    case attribute(AttributeDescription)
    /// As the ``ObjectID`` of an object of the entity at this index.
    case toOne(entity: Int)
    /// As an `Int`.
    case integer
    /// As a `Double`.
    case double

    /// The type a sort comparator sees (nil for objects, which sort by key).
    var sortType: AttributeType? {
        switch self {
        case .attribute(let attribute): attribute.type
        case .toOne: nil
        case .integer: .integer
        case .double: .double
        }
    }

    /// The value, or nil for NULL.
    func decode(_ value: DatabaseValue, _ context: ManagedObjectContext) -> (any Sendable)? {
        switch (self, value.storage) {
        case (_, .null): nil
        case (.attribute(let attribute), _): attribute.decodedValue(value)
        case (.toOne(let entity), .int64(let key)): context.objectID(entity: entity, key: key)
        case (.integer, .int64(let integer)): Int(integer)
        case (.integer, .double(let double)): Int(double)
        case (.double, .int64(let integer)): Double(integer)
        case (.double, .double(let double)): double
        default: nil
        }
    }
}
