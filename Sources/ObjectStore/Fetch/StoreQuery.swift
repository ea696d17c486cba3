package import GRDB

/// The one place SQL for reading objects is generated: filters, order, limit and offset over one
/// entity table (with LEFT JOINs for keys reached through to-one relationships), selecting whole
/// rows, keys (with sort values), chosen properties or a count.
///
/// The same query also orders and filters in memory (``matches(_:)``,
/// ``areInIncreasingOrder(_:_:)``), with results identical to the SQL's.
package struct StoreQuery: Sendable {
    /// What the query returns.
    package enum Selection: Sendable {
        /// `Z_PK, Z_OPT`, every column, then the sort keys (``StoreQuery/sortKeys(values:object:)``).
        case rows
        /// `Z_PK` and the sort keys.
        case keys
        /// `Z_PK` only.
        case ids
        /// `Z_PK` and the ``StoreQuery/projections``.
        case projections
        /// `COUNT(*)`.
        case count
    }

    /// A value read through to-one relationships: `column` of the entity reached by `hops`.
    package struct Projection: Sendable {
        package var hops: [RelationshipDescription] = []
        package var column: Int

        package init(hops: [RelationshipDescription] = [], column: Int) {
            self.hops = hops
            self.column = column
        }

        /// The entity that owns `column`.
        func owner(from entity: EntityDescription) -> EntityDescription {
            hops.last?.destination ?? entity
        }

        /// `alias."column"`.
        func sql(from entity: EntityDescription) -> String {
            "\(SQL.alias(base: "t", hops: hops)).\(SQL.quote(owner(from: entity).columnNames[column]))"
        }

        /// The value in memory, as the SQL reads it.
        func value(values: ContiguousArray<DatabaseValue>, object: ManagedObject?) -> DatabaseValue {
            ObjectPathReader.value(column: column, hops: hops, from: values, in: object?.context)
        }
    }

    /// One `ORDER BY` term.
    package struct Order: Sendable {
        package var column: Int
        package var ascending: Bool
        /// The to-one relationships from the object to the entity that owns `column`.
        package var hops: [RelationshipDescription] = []
        /// How values compare (a registered collation for strings).
        package var collation: SortCollation = .binary

        package init(column: Int, ascending: Bool, hops: [RelationshipDescription] = [], collation: SortCollation = .binary) {
            self.column = column
            self.ascending = ascending
            self.hops = hops
            self.collation = collation
        }

        var projection: Projection {
            Projection(hops: hops, column: column)
        }
    }

    package var entity: EntityDescription
    package var filters: [any StoreFilter] = []
    package var orders: [Order] = []
    /// The values `.projections` selects.
    package var projections: [Projection] = []
    package var limit: Int?
    package var offset: Int = 0

    package init(entity: EntityDescription) {
        self.entity = entity
    }

    /// The SQL text and its bound values.
    package func sql(_ selection: Selection) -> (text: String, arguments: [DatabaseValue]) {
        var arguments: [DatabaseValue] = []
        let sortColumns = orders.map { $0.projection.sql(from: entity) }
        let sortKeys = zip(orders, sortColumns).map { order, column in order.collation.sortKeySQL(column) }
        let columns: String
        switch selection {
        case .rows: columns = ([SQL.rowColumns(entity, alias: "t")] + sortKeys).joined(separator: ", ")
        case .keys: columns = (["t.Z_PK"] + sortKeys).joined(separator: ", ")
        case .ids: columns = "t.Z_PK"
        case .projections: columns = (["t.Z_PK"] + projections.map { $0.sql(from: entity) }).joined(separator: ", ")
        case .count: columns = "COUNT(*)"
        }
        var paths = filters.flatMap(\.joinPaths)
        if selection != .count {
            paths += orders.map(\.hops)
        }
        if selection == .projections {
            paths += projections.map(\.hops)
        }
        var text = "SELECT \(columns) FROM \(SQL.table(entity)) AS t" + SQL.leftJoins(paths.filter { !$0.isEmpty }, base: "t")
        if !filters.isEmpty {
            text += " WHERE " + filters.map { "(" + $0.sqlCondition(entity: entity, arguments: &arguments) + ")" }.joined(separator: " AND ")
        }
        if selection != .count {
            // Ties, and queries without sort descriptors, are ordered by key whatever plan
            // SQLite picks, so limit and offset select stable pages.
            let terms = zip(orders, sortColumns).map { order, column in
                "\(column)\(order.collation.sqlSuffix) \(order.ascending ? "ASC" : "DESC")"
            }
            text += " ORDER BY " + (terms + ["t.Z_PK"]).joined(separator: ", ")
            if let limit {
                text += " LIMIT \(limit) OFFSET \(offset)"
            } else if offset > 0 {
                text += " LIMIT -1 OFFSET \(offset)"
            }
        }
        return (text, arguments)
    }

    /// Whether in-memory values satisfy every filter; false when a read the filters need fails
    /// (``evaluate(_:)-(ManagedObjectValues)`` throws the error instead).
    package func matches(_ values: ManagedObjectValues) -> Bool {
        (try? evaluate(values)) ?? false
    }

    /// Whether in-memory values satisfy every filter.
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ values: ManagedObjectValues) throws(ObjectStoreError) -> Bool {
        for filter in filters where try !filter.evaluate(values) { return false }
        return true
    }

    /// Whether `object`, with its current (possibly unsaved) values, satisfies every filter; false
    /// when a read fails (``evaluate(_:)-(ManagedObject)`` throws the error instead).
    package func matches(_ object: ManagedObject) -> Bool {
        matches(ManagedObjectValues(loading: object))
    }

    /// Whether `object`, with its current (possibly unsaved) values, satisfies every filter: the
    /// in-memory evaluation a fetched results controller runs on a changed object.
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ object: ManagedObject) throws(ObjectStoreError) -> Bool {
        try evaluate(ManagedObjectValues(loading: object))
    }

    /// The row of `object` with its current values and sort values, for ``areInIncreasingOrder(_:_:)``.
    package func row(of object: ManagedObject) -> StoreRow {
        let current = ManagedObjectValues(loading: object)
        return StoreRow(key: object.objectID.key, version: object.version, values: current.values, sortKeys: sortKeys(values: current.values, object: object))
    }

    /// The sort keys of an object in memory, as the SQL selects them: the values sorted by, with
    /// text case-folded for case-insensitive and localized orders (so each is folded once).
    package func sortKeys(values: ContiguousArray<DatabaseValue>, object: ManagedObject?) -> ContiguousArray<DatabaseValue> {
        var keys = ContiguousArray<DatabaseValue>()
        keys.reserveCapacity(orders.count)
        for order in orders {
            keys.append(order.collation.sortKey(order.projection.value(values: values, object: object)))
        }
        return keys
    }

    /// Orders two rows as the SQL `ORDER BY` does, from their sort keys (ties by key).
    package func areInIncreasingOrder(_ lhs: StoreRow, _ rhs: StoreRow) -> Bool {
        for (index, order) in orders.enumerated() {
            let comparison = order.collation.compareSortKeys(lhs.sortKeys[index], rhs.sortKeys[index])
            if comparison != 0 { return order.ascending ? comparison < 0 : comparison > 0 }
        }
        return lhs.key < rhs.key
    }

    /// The entities the query reaches through relationships, whose unsaved changes can change
    /// the result of objects that have no unsaved changes themselves.
    ///
    /// Holds `entity` itself when a path leads back to it (`mentor.name`, `club.players.@count`):
    /// then an unsaved change to any object of the entity can change another object's result.
    package var relatedEntities: Set<Int> {
        var result: Set<Int> = []
        for filter in filters { result.formUnion(filter.relatedEntities) }
        for order in orders { for hop in order.hops { result.insert(hop.destinationIndex) } }
        return result
    }
}

extension StoreQuery.Selection: Equatable {}
