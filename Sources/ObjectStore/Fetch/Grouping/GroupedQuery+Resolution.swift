extension GroupedQuery {
    /// Resolves a grouped request against `entity`, checking Core Data's rules in phases:
    /// the request's form, the group key, the fetched columns, the condition on groups, then the
    /// order of the groups.
    ///
    /// - Throws: ``ObjectStoreError/invalidFetchRequest(_:)`` saying which key breaks which rule.
    package init<Entity: ManagedObject>(_ request: FetchRequest<Entity>, filters: StoreQuery) throws(ObjectStoreError) {
        let entity = filters.entity
        try Self.checkForm(request, entity: entity)
        query = filters
        query.orders = []
        query.limit = nil
        query.offset = 0
        limit = request.fetchLimit > 0 ? request.fetchLimit : nil
        offset = max(0, request.fetchOffset)
        aggregates = []
        columns = []
        let fetched = request.propertiesToFetch ?? request.propertiesToGroupBy ?? entity.attributes.map { FetchKeyPath<Entity>($0.name) }
        let hasAggregates = fetched.contains { $0.computed != nil }
        isDistinct = request.propertiesToGroupBy == nil && !hasAggregates
        let groupKeys = try Self.groupKeys(request, fetched: fetched, isDistinct: isDistinct, entity: entity)
        keyWidth = groupKeys.count
        query.projections = groupKeys.map(\.projection)
        try resolveColumns(fetched, groupKeys: groupKeys, entity: entity)
        if let having = request.havingPredicate {
            do {
                self.having = try GroupCondition(having.node, columns: columns, entity: entity)
            } catch {
                throw .invalidFetchRequest(error)
            }
        }
        orders = try request.sortDescriptors.map { (descriptor) throws(ObjectStoreError) in try order(descriptor, entity: entity) }
    }

    /// Phase 1: the settings a grouped fetch takes.
    private static func checkForm<Entity: ManagedObject>(_ request: FetchRequest<Entity>, entity: EntityDescription) throws(ObjectStoreError) {
        guard request.resultType == .dictionaries else {
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: "resultType", reason: "propertiesToGroupBy, havingPredicate, returnsDistinctResults and expressions need resultType = .dictionaries"))
        }
        if request.havingPredicate != nil && request.propertiesToGroupBy == nil {
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: "havingPredicate", reason: "a havingPredicate filters groups; set propertiesToGroupBy too"))
        }
        if request.propertiesToGroupBy?.isEmpty == true {
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: "propertiesToGroupBy", reason: "is empty; name at least one key, or set it to nil to aggregate over every object"))
        }
    }

    /// Phase 2: the group key: the grouped keys, or for distinct rows the fetched keys.
    private static func groupKeys<Entity: ManagedObject>(_ request: FetchRequest<Entity>, fetched: [FetchKeyPath<Entity>], isDistinct: Bool, entity: EntityDescription) throws(ObjectStoreError) -> [FetchedKey] {
        var keys: [FetchedKey] = []
        for key in request.propertiesToGroupBy ?? (isDistinct ? fetched : []) {
            if let expression = key.expressionDescription {
                throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: expression.name, reason: "propertiesToGroupBy takes keys, not expressions; group by the key the expression reads"))
            }
            let resolved = try FetchedKey(key, entity: entity, role: "propertiesToGroupBy")
            if !keys.contains(where: { $0.name == resolved.name }) { keys.append(resolved) }
        }
        return keys
    }

    /// Phase 3: the output columns: each fetched key is a grouped key, each expression reads a
    /// key of a type its function takes, and no two columns share a name.
    private mutating func resolveColumns<Entity: ManagedObject>(_ fetched: [FetchKeyPath<Entity>], groupKeys: [FetchedKey], entity: EntityDescription) throws(ObjectStoreError) {
        for property in fetched {
            if let expression = property.expressionDescription {
                columns.append(try aggregateColumn(expression, entity: entity))
            } else {
                let key = try FetchedKey(property, entity: entity, role: "propertiesToFetch")
                guard let index = groupKeys.firstIndex(where: { $0.name == key.name }) else {
                    let fix = groupKeys.isEmpty ? "group by it (propertiesToGroupBy) or fetch only expressions" : "add it to propertiesToGroupBy or remove it from propertiesToFetch"
                    throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: key.name, reason: "is fetched but not grouped: with expressions or propertiesToGroupBy every fetched key must be grouped; \(fix)"))
                }
                columns.append(Column(name: key.name, source: .key(index), decoding: key.decoding))
            }
            if columns.dropLast().contains(where: { $0.name == columns.last?.name }) {
                throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: columns.last!.name, reason: "names two columns of propertiesToFetch; give each expression a name of its own"))
            }
        }
    }

    /// An expression's column: its argument becomes an input, its value type follows the
    /// function, the argument's type, and the requested result type.
    private mutating func aggregateColumn<Entity: ManagedObject>(_ expression: ExpressionDescription<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> Column {
        let function = expression.expression.function
        guard let key = expression.expression.key else {
            guard function == .count else {
                throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: expression.name, reason: "\(function.rawValue) needs a key to read; only count counts the objects themselves"))
            }
            let decoding = try Self.resultDecoding(.integer, expression, entity: entity)
            aggregates.append(AggregateColumn(function: .count, input: nil, isInteger: true))
            return Column(name: expression.name, source: .aggregate(aggregates.count - 1), decoding: decoding)
        }
        let argument = try FetchedKey(key, entity: entity, role: "an expression")
        var isInteger = false
        var decoding = argument.decoding
        if case .attribute(let attribute) = argument.decoding {
            isInteger = attribute.type == .integer || attribute.type == .boolean
            if function.isNumeric && !(isInteger || attribute.type == .double) {
                throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: argument.name, reason: "is a \(attribute.type.rawValue) attribute; \(function.rawValue) takes integer, boolean and double attributes"))
            }
        } else if function != .count {
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: argument.name, reason: "is a relationship; \(function.rawValue) takes attributes (count takes relationships too)"))
        }
        switch function {
        case .count: decoding = .integer
        case .average: decoding = .double
        case .sum: decoding = isInteger ? .integer : .double
        case .min, .max: break
        }
        decoding = try Self.resultDecoding(decoding, expression, entity: entity)
        aggregates.append(AggregateColumn(function: function, input: query.projections.count, isInteger: isInteger))
        query.projections.append(argument.projection)
        return Column(name: expression.name, source: .aggregate(aggregates.count - 1), decoding: decoding)
    }

    /// Phase 5: a sort descriptor orders by an output column: a fetched key or an expression's
    /// name, with a comparator that applies to the column's type.
    private func order<Entity: ManagedObject>(_ descriptor: FetchSortDescriptor<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> GroupOrder {
        let name = descriptor.key.names(on: entity)?.joined(separator: ".") ?? descriptor.key.description
        guard let column = columns.firstIndex(where: { $0.name == name }) else {
            let fetched = columns.map(\.name).joined(separator: ", ")
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: name, reason: "is in sortDescriptors but not fetched: a grouped or distinct dictionary fetch sorts by the names of propertiesToFetch (\(fetched)); fetch it (grouping by it) or sort by one of them"))
        }
        guard let collation = SortCollation.forSorting(descriptor.comparator, type: columns[column].decoding.sortType) else {
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: name, reason: "the \(descriptor.comparator) comparator applies to strings only"))
        }
        return GroupOrder(column: column, ascending: descriptor.ascending, collation: collation)
    }

    /// How an expression's value is given back: as `decoding` says, or as its result type asks.
    private static func resultDecoding<Entity: ManagedObject>(_ decoding: GroupedValueDecoding, _ expression: ExpressionDescription<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> GroupedValueDecoding {
        switch expression.resultType {
        case nil: return decoding
        case .integer?: return .integer
        case .double?: return .double
        case let other?:
            throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: expression.name, reason: "has resultType \(other.rawValue); an expression's resultType is .integer, .double or nil (the function's own type)"))
        }
    }
}
