package import GRDB

/// `column IS value`: equality where nil equals nil, as SQL's `IS`.
package struct ColumnEquality: StoreFilter {
    package let column: Int
    package let value: DatabaseValue
    /// The key name of `column`.
    let name: String

    package init(column: Int, value: DatabaseValue, entity: EntityDescription) {
        self.column = column
        self.value = value
        self.name = entity.columnNames[column]
    }

    package func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String {
        arguments.append(value)
        return "t.\(SQL.quote(entity.columnNames[column])) IS ?"
    }

    /// `IS ?` in SQLite, `IS NOT DISTINCT FROM ?` in PostgreSQL: both hold for two NULLs.
    package func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue], dialect: SQLDialect) -> String? {
        arguments.append(value)
        let column = "t.\(SQL.quote(entity.columnNames[column]))"
        return dialect == .sqlite ? "\(column) IS ?" : "\(column) IS NOT DISTINCT FROM ?"
    }

    package func matches(_ object: ManagedObjectValues) -> Bool {
        StoredValueOrder.isSame(object.values[column], value)
    }

    package var keyPaths: [String] { [name] }
}
