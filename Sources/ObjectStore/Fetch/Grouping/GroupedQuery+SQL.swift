package import GRDB

extension GroupedQuery {
    /// The statement that gives the output rows in `dialect` — `SELECT [DISTINCT] … GROUP BY …
    /// HAVING … ORDER BY <sort terms>, <grouped keys> LIMIT … OFFSET …` — or nil when a filter
    /// or a sort term has no form in it (the rows are then folded in memory).
    package func sql(dialect: SQLDialect) -> (text: String, arguments: [DatabaseValue])? {
        let entity = query.entity
        // PostgreSQL orders text by bytes only (the store's string comparisons run in Swift),
        // fails on a division by zero (where predicates give nil), and rounds double sums and
        // averages its own way: those groups fold on this side, exactly as SQLite's functions.
        if dialect == .postgreSQL && (orders.contains { $0.collation != .binary } || having?.hasArithmetic == true || !aggregates.allSatisfy(\.isExactInPostgreSQL)) { return nil }
        var arguments: [DatabaseValue] = []
        var conditions: [String] = []
        for filter in query.filters {
            guard let condition = filter.sqlCondition(entity: entity, arguments: &arguments, dialect: dialect) else { return nil }
            conditions.append("(\(condition))")
        }
        let inputs = query.projections.map { $0.sql(from: entity) }
        let keys = Array(inputs.prefix(keyWidth))
        let outputs = columns.map { column in
            switch column.source {
            case .key(let index): keys[index]
            case .aggregate(let index): Self.aggregateSQL(aggregates[index], argument: aggregates[index].input.map { inputs[$0] } ?? "*", name: column.name, dialect: dialect)
            }
        }
        let paths = query.filters.flatMap(\.joinPaths) + query.projections.map(\.hops)
        var text = "SELECT \(isDistinct ? "DISTINCT " : "")\(outputs.joined(separator: ", ")) FROM \(SQL.table(entity)) AS t"
            + SQL.leftJoins(paths.filter { !$0.isEmpty }, base: "t")
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        if !isDistinct && !keys.isEmpty { text += " GROUP BY " + keys.joined(separator: ", ") }
        if let having {
            var condition = having.sql(outputs, arguments: &arguments)
            let sums = aggregates.filter { $0.function == .sum && $0.isInteger }
            if dialect == .postgreSQL && !sums.isEmpty {
                // PostgreSQL computes the output columns of the groups HAVING keeps only: every
                // group's integer sums are cast first, so a total past bigint fails whichever
                // groups HAVING keeps, as on SQLite and in memory.
                let casts = sums.map { Self.aggregateSQL($0, argument: $0.input.map { inputs[$0] } ?? "*", name: "", dialect: dialect) }
                condition = "CASE WHEN num_nulls(\(casts.joined(separator: ", "))) < 0 THEN FALSE ELSE \(condition) END"
            }
            text += " HAVING " + condition
        }
        let terms = orders.map { Self.orderTerm(outputs[$0.column], ascending: $0.ascending, collation: $0.collation, dialect: dialect) }
            + keys.map { Self.orderTerm($0, ascending: true, collation: .binary, dialect: dialect) }
        if !terms.isEmpty { text += " ORDER BY " + terms.joined(separator: ", ") }
        switch (dialect, limit) {
        case (.sqlite, let limit?): text += " LIMIT \(limit) OFFSET \(offset)"
        case (.sqlite, nil) where offset > 0: text += " LIMIT -1 OFFSET \(offset)"
        case (.postgreSQL, let limit?): text += " LIMIT \(limit) OFFSET \(offset)"
        case (.postgreSQL, nil) where offset > 0: text += " OFFSET \(offset)"
        default: break
        }
        return (text, arguments)
    }

    /// One `ORDER BY` term: nil first ascending and last descending, in both dialects.
    private static func orderTerm(_ expression: String, ascending: Bool, collation: SortCollation, dialect: SQLDialect) -> String {
        let direction = ascending ? " ASC" : " DESC"
        guard dialect == .postgreSQL else { return expression + collation.sqlSuffix + direction }
        return expression + direction + (ascending ? " NULLS FIRST" : " NULLS LAST")
    }

    /// A computed column in SQL. On SQLite, sums and averages are the store's functions, which
    /// compute them exactly as memory does (``CollectionTotal``, ``IntegerSum``); PostgreSQL sums
    /// integers exactly as `numeric`, and the cast to `bigint` fails where the sum overflows.
    private static func aggregateSQL(_ column: AggregateColumn, argument: String, name: String, dialect: SQLDialect) -> String {
        switch (column.function, dialect) {
        case (.sum, .sqlite) where column.isInteger: return "ds_isum(\(argument), \(SQL.literal(name)))"
        case (.sum, .sqlite): return "(CASE WHEN count(\(argument)) > 0 THEN ds_sum(\(argument)) END)"
        case (.average, .sqlite): return "ds_avg(\(argument))"
        case (.sum, .postgreSQL) where column.isInteger: return "CAST(sum(\(argument)) AS bigint)"
        default: return "\(column.function.sqlName)(\(argument))"
        }
    }

    /// Folds rows' inputs (one array per selected object) into the output rows, in memory.
    ///
    /// - Throws: ``ObjectStoreError/integerSumOverflow(entity:column:)``.
    package func rows(folding inputs: some Sequence<ContiguousArray<DatabaseValue>>) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        var table = GroupTable(self)
        for row in inputs { table.add(row) }
        return try table.rows()
    }
}
