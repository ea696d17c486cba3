package import GRDB

extension GroupedQuery {
    /// The statement that gives the output rows in `dialect` — `SELECT [DISTINCT] … GROUP BY …
    /// HAVING … ORDER BY <grouped keys> LIMIT … OFFSET …` — or nil when a filter has no form in
    /// it (the rows are then folded in memory).
    package func sql(dialect: SQLDialect) -> (text: String, arguments: [DatabaseValue])? {
        let entity = query.entity
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
            case .aggregate(let index): aggregateSQL(aggregates[index], argument: inputs[aggregates[index].input], dialect: dialect)
            }
        }
        let paths = query.filters.flatMap(\.joinPaths) + query.projections.map(\.hops)
        var text = "SELECT \(isDistinct ? "DISTINCT " : "")\(outputs.joined(separator: ", ")) FROM \(SQL.table(entity)) AS t"
            + SQL.leftJoins(paths.filter { !$0.isEmpty }, base: "t")
        if !conditions.isEmpty { text += " WHERE " + conditions.joined(separator: " AND ") }
        if !isDistinct && !keys.isEmpty { text += " GROUP BY " + keys.joined(separator: ", ") }
        if let having { text += " HAVING " + having.sql(outputs, arguments: &arguments) }
        if !keys.isEmpty {
            let direction = dialect == .postgreSQL ? " ASC NULLS FIRST" : " ASC"
            text += " ORDER BY " + keys.map { $0 + direction }.joined(separator: ", ")
        }
        switch (dialect, limit) {
        case (.sqlite, let limit?): text += " LIMIT \(limit) OFFSET \(offset)"
        case (.sqlite, nil) where offset > 0: text += " LIMIT -1 OFFSET \(offset)"
        case (.postgreSQL, let limit?): text += " LIMIT \(limit) OFFSET \(offset)"
        case (.postgreSQL, nil) where offset > 0: text += " OFFSET \(offset)"
        default: break
        }
        return (text, arguments)
    }

    /// A computed column in SQL. PostgreSQL sums integers as `numeric` and averages as
    /// `numeric`: the casts give the integer and the double SQLite gives.
    private func aggregateSQL(_ column: AggregateColumn, argument: String, dialect: SQLDialect) -> String {
        let call = "\(column.function.sqlName)(\(argument))"
        guard dialect == .postgreSQL else { return call }
        switch column.function {
        case .sum where column.isInteger: return "CAST(\(call) AS bigint)"
        case .average: return "CAST(\(call) AS double precision)"
        default: return call
        }
    }

    /// Folds rows' inputs (one array per selected object) into the output rows, in memory.
    package func rows(folding inputs: some Sequence<ContiguousArray<DatabaseValue>>) -> [ContiguousArray<DatabaseValue>] {
        var table = GroupTable(self)
        for row in inputs { table.add(row) }
        return table.rows()
    }
}
