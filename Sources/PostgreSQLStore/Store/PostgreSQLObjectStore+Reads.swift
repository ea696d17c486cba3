package import GRDB
package import ObjectStore

extension PostgreSQLObjectStore {
    /// A row a query selected, with the values its in-memory evaluation read.
    struct SelectedRow {
        var row: StoreRow
        var object: ManagedObjectValues
    }

    /// The rows `query` selects, in its order, with their sort keys.
    ///
    /// Filters with a PostgreSQL form (keys, columns equal to a value or among keys) run in the
    /// SQL; the others run in memory over the rows it returns, with ``PostgreSQLRowReader``.
    /// The server orders when every sort is by a column of the entity in byte order (filtering
    /// in memory keeps that order), and limits and offsets too when every filter ran there;
    /// otherwise the rows are sorted in memory by the same comparison contexts use, then
    /// limited. `locking` locks the rows the SQL selects until the transaction ends (`FOR
    /// UPDATE`), for a write that depends on them. Without `wholeRows`, the rows hold only the
    /// columns the query reads (the others NULL): enough for keys, sort keys and projections.
    func selectedRows(_ query: StoreQuery, on connection: PostgreSQLConnection, locking: Bool = false, wholeRows: Bool = true) throws -> [SelectedRow] {
        let selection = Selection(query, locking: locking, wholeRows: wholeRows)
        let reader = PostgreSQLRowReader(connection: connection, model: model, store: name)
        let returned = try connection.query(PostgreSQLValues.query(selection.text, selection.arguments)).map { row in
            try PostgreSQLQueryText.storeRow(row, columns: selection.columns, of: query.entity)
        }
        try reader.prefetch(selection.relatedPaths(query), from: returned)
        var selected: [SelectedRow] = []
        for var storeRow in returned {
            let object = ManagedObjectValues(entity: query.entity, values: storeRow.values, key: storeRow.key, reader: reader)
            var matches = true
            for filter in selection.residual where matches { matches = try filter.evaluate(object) }
            guard matches else { continue }
            storeRow.sortKeys = query.sortKeys(of: object)
            selected.append(SelectedRow(row: storeRow, object: object))
        }
        if selection.limitsInSQL { return selected }
        if !selection.ordersInSQL { selected.sort { query.areInIncreasingOrder($0.row, $1.row) } }
        let start = min(query.offset, selected.count)
        let end = query.limit.map { min(start + max($0, 0), selected.count) } ?? selected.count
        return Array(selected[start..<end])
    }

    /// The statement that selects a query's rows, and what is left to do in memory.
    struct Selection {
        var text: String
        /// `FROM … WHERE …` of the statement: the rows it selects, in no order.
        var source: String
        var arguments: [DatabaseValue] = []
        /// The filters the statement does not apply.
        var residual: [any StoreFilter] = []
        /// Whether the statement orders the rows.
        var ordersInSQL: Bool
        /// Whether the statement also limits and offsets (it runs every filter).
        var limitsInSQL: Bool
        /// The columns the statement reads, in order; nil for all of them.
        var columns: [Int]?

        init(_ query: StoreQuery, locking: Bool, wholeRows: Bool = true) {
            let entity = query.entity
            var conditions: [String] = []
            for filter in query.filters {
                if let condition = filter.sqlCondition(entity: entity, arguments: &arguments, dialect: .postgreSQL) {
                    conditions.append("(\(condition))")
                } else {
                    residual.append(filter)
                }
            }
            ordersInSQL = query.orders.allSatisfy { $0.hops.isEmpty && $0.collation == .binary }
            limitsInSQL = ordersInSQL && residual.isEmpty
            source = "FROM \(PostgreSQLIdentifier.quoted(entity.name)) AS t"
            if !conditions.isEmpty { source += " WHERE " + conditions.joined(separator: " AND ") }
            if !wholeRows { columns = Self.columnsRead(query, residual: residual) }
            text = "SELECT \(PostgreSQLQueryText.rowColumns(entity, only: columns)) " + source
            if ordersInSQL {
                let terms = query.orders.map { order in
                    // No column holds NaN (``PostgreSQLValues/append(_:to:)`` stores it as NULL,
                    // as SQLite does), so the order is memory's and the column's index serves it.
                    "t.\(PostgreSQLIdentifier.quoted(entity.columnNames[order.column])) \(order.ascending ? "ASC NULLS FIRST" : "DESC NULLS LAST")"
                }
                text += " ORDER BY " + (terms + ["t.Z_PK"]).joined(separator: ", ")
                if limitsInSQL, let limit = query.limit { text += " LIMIT \(limit)" }
                if limitsInSQL, query.offset > 0 { text += " OFFSET \(query.offset)" }
            } else {
                text += " ORDER BY t.Z_PK"
            }
            if locking { text += " FOR UPDATE" }
        }

        /// The relationship paths that evaluating the residual filters and reading the sort keys
        /// and projections follow from each row.
        func relatedPaths(_ query: StoreQuery) -> [[RelationshipDescription]] {
            var paths = Set(residual.flatMap(\.keyPaths)).sorted().compactMap { Self.relationships(of: $0, from: query.entity) }
            paths += (query.orders.map(\.hops) + query.projections.map(\.hops)).filter { !$0.isEmpty }
            return paths
        }

        /// The columns of the entity that evaluating the residual filters and reading the sort
        /// keys and projections read, in column order; nil when a key path names a property
        /// this cannot place (all columns are read then).
        private static func columnsRead(_ query: StoreQuery, residual: [any StoreFilter]) -> [Int]? {
            let entity = query.entity
            var columns: Set<Int> = []
            for keyPath in residual.flatMap(\.keyPaths) {
                guard let name = keyPath.split(separator: ".").first.map(String.init) else { continue }
                if let column = entity.column(named: name) {
                    columns.insert(column)
                } else if entity.relationship(named: name)?.isToMany != true {
                    return nil
                }
            }
            for read in query.orders.map({ ($0.hops, $0.column) }) + query.projections.map({ ($0.hops, $0.column) }) {
                guard let column = read.0.isEmpty ? read.1 : read.0[0].column else { return nil }
                columns.insert(column)
            }
            return columns.sorted()
        }

        /// The relationships a dotted key path goes through (`club.region` of
        /// `club.region.title`, `medals` of `medals.@count`), or nil when it reads the entity's
        /// own keys.
        private static func relationships(of keyPath: String, from entity: EntityDescription) -> [RelationshipDescription]? {
            var path: [RelationshipDescription] = []
            var current = entity
            for name in keyPath.split(separator: ".") {
                guard let relationship = current.relationship(named: String(name)) else { break }
                path.append(relationship)
                current = relationship.destination
            }
            return path.isEmpty ? nil : path
        }
    }

    package func forEachRow(_ query: StoreQuery, mark: ReadMark?, _ body: (StoreRow) throws -> Void) throws(ObjectStoreError) {
        let rows = try read(mark: mark) { connection in try selectedRows(query, on: connection) }
        try run { for selected in rows { try body(selected.row) } }
    }

    package func keys(_ query: StoreQuery, selection: StoreQuery.Selection, mark: ReadMark?) throws(ObjectStoreError) -> [StoreRow] {
        try read(mark: mark) { connection in
            try selectedRows(query, on: connection, wholeRows: false).map { selected in
                StoreRow(key: selected.row.key, version: 0, values: [], sortKeys: selection == .keys ? selected.row.sortKeys : [])
            }
        }
    }

    package func projectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        try read(mark: mark) { connection in
            try selectedRows(query, on: connection, wholeRows: false).map { selected in
                ContiguousArray(query.projections.map { $0.value(of: selected.object) })
            }
        }
    }

    package func forEachKey(_ query: StoreQuery, mark: ReadMark?, _ body: (Int64) -> Void) throws(ObjectStoreError) {
        for row in try keys(query, selection: .ids, mark: mark) { body(row.key) }
    }

    /// The server counts when it runs every filter and the query has no limit or offset;
    /// otherwise the selected rows are counted.
    package func count(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> Int {
        try read(mark: mark) { connection in
            let selection = Selection(query, locking: false)
            guard selection.residual.isEmpty, query.limit == nil, query.offset == 0 else { return try selectedRows(query, on: connection, wholeRows: false).count }
            let text = "SELECT count(*) " + selection.source
            return Int(try connection.query(PostgreSQLValues.query(text, selection.arguments)).first?.decode(Int64.self) ?? 0)
        }
    }

    package func rows(entity: EntityDescription, keys: [Int64], mark: ReadMark?) throws(ObjectStoreError) -> [StoreRow] {
        try read(mark: mark) { connection in
            var rows: [StoreRow] = []
            for chunk in Self.chunks(of: keys) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                rows += try PostgreSQLQueryText.rows(of: entity, where: "t.Z_PK IN (\(placeholders))", chunk.map(\.databaseValue), on: connection)
            }
            return rows
        }
    }

    package func linkedKeys(join: JoinTable, ownKeys: [Int64], mark: ReadMark?) throws(ObjectStoreError) -> [Int64: [Int64]] {
        try read(mark: mark) { connection in
            var result: [Int64: [Int64]] = [:]
            for chunk in Self.chunks(of: ownKeys) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let text = """
                    SELECT \(join.ownColumn), \(join.otherColumn) FROM \(PostgreSQLIdentifier.quoted(join.name)) \
                    WHERE \(join.ownColumn) IN (\(placeholders)) ORDER BY \(join.ownColumn), \(join.otherColumn)
                    """
                for row in try connection.query(PostgreSQLValues.query(text, chunk.map(\.databaseValue))) {
                    let (own, other) = try row.decode((Int64, Int64).self)
                    result[own, default: []].append(other)
                }
            }
            return result
        }
    }

    package func integerAnswer(_ sql: String, arguments: [DatabaseValue], mark: ReadMark?) throws(ObjectStoreError) -> Int64 {
        try read(mark: mark) { connection in
            guard let cell = try connection.query(PostgreSQLValues.query(sql, arguments)).first?.first else { return 0 }
            return Int64.fromDatabaseValue(try PostgreSQLValues.value(of: cell)) ?? 0
        }
    }

    /// The server's plan for the statement that selects the query's rows (`EXPLAIN`), one line
    /// per step, and a last line naming the filters evaluated in memory, if any.
    package func queryPlan(_ query: StoreQuery) throws(ObjectStoreError) -> [String] {
        let selection = Selection(query, locking: false)
        let lines = try read(mark: nil) { connection in
            try connection.query(PostgreSQLValues.query("EXPLAIN " + selection.text, selection.arguments)).map { try $0.decode(String.self) }
        }
        guard !selection.residual.isEmpty else { return lines }
        return lines + ["filtered in memory: " + selection.residual.flatMap(\.keyPaths).joined(separator: ", ")]
    }

    /// Keys in runs of at most 500, for `IN` lists.
    static func chunks(of keys: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: keys.count, by: 500).map { keys[$0..<min($0 + 500, keys.count)] }
    }
}
