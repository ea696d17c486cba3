package import GRDB

/// The one place SQL for reading objects is generated: filters, order, limit and offset over one
/// entity table (with LEFT JOINs for keys reached through to-one relationships), selecting whole
/// rows, keys (with sort values), chosen properties or a count.
///
/// The same query also orders and filters in memory (``evaluate(_:)``,
/// ``areInIncreasingOrder(_:_:)``), with results identical to the SQL's.
package struct StoreQuery: Sendable {
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
}
