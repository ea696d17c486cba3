package import GRDB

/// The one place SQL for reading objects is generated: filters, order, limit and offset over one
/// entity table, selecting whole rows, keys (with sort columns) or a count.
package struct StoreQuery: Sendable {
    /// What the query returns.
    package enum Selection: Sendable {
        /// `Z_PK, Z_OPT` and every column.
        case rows
        /// `Z_PK` and the sort columns.
        case keys
        /// `COUNT(*)`.
        case count
    }

    /// One `ORDER BY` term.
    package struct Order: Sendable {
        package var column: Int
        package var ascending: Bool
    }

    package var entity: EntityDescription
    package var filters: [any StoreFilter] = []
    package var orders: [Order] = []
    package var limit: Int?
    package var offset: Int = 0

    package init(entity: EntityDescription) {
        self.entity = entity
    }

    /// The SQL text and its bound values.
    package func sql(_ selection: Selection) -> (text: String, arguments: [DatabaseValue]) {
        var arguments: [DatabaseValue] = []
        let columns: String
        switch selection {
        case .rows: columns = SQL.rowColumns(entity, alias: "t")
        case .keys: columns = (["t.Z_PK"] + orders.map { "t." + SQL.quote(entity.columnNames[$0.column]) }).joined(separator: ", ")
        case .count: columns = "COUNT(*)"
        }
        var text = "SELECT \(columns) FROM \(SQL.table(entity)) AS t"
        if !filters.isEmpty {
            text += " WHERE " + filters.map { "(" + $0.sqlCondition(entity: entity, arguments: &arguments) + ")" }.joined(separator: " AND ")
        }
        if selection != .count {
            if !orders.isEmpty {
                text += " ORDER BY " + orders.map { "t.\(SQL.quote(entity.columnNames[$0.column])) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ") + ", t.Z_PK"
            }
            if let limit {
                text += " LIMIT \(limit) OFFSET \(offset)"
            } else if offset > 0 {
                text += " LIMIT -1 OFFSET \(offset)"
            }
        }
        return (text, arguments)
    }

    /// Whether in-memory values satisfy every filter.
    package func matches(_ values: ManagedObjectValues) -> Bool {
        filters.allSatisfy { $0.matches(values) }
    }

    /// Orders two objects' values as the SQL `ORDER BY` does (ties by key).
    package func areInIncreasingOrder(
        _ lhs: ContiguousArray<DatabaseValue>, _ lhsKey: Int64,
        _ rhs: ContiguousArray<DatabaseValue>, _ rhsKey: Int64
    ) -> Bool {
        for order in orders {
            let comparison = StoredValueOrder.compare(lhs[order.column], rhs[order.column])
            if comparison != 0 { return order.ascending ? comparison < 0 : comparison > 0 }
        }
        return lhsKey < rhsKey
    }
}

extension StoreQuery.Selection: Equatable {}
