import GRDB

/// `column IN (keys…)`: the members of to-many relationships of several owners at once.
struct ColumnMembership: StoreFilter {
    let column: Int
    let keys: [Int64]
    /// The key name of `column`.
    let name: String

    init(column: Int, keys: [Int64], entity: EntityDescription) {
        self.column = column
        self.keys = keys
        self.name = entity.columnNames[column]
    }

    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String {
        for key in keys { arguments.append(key.databaseValue) }
        return "t.\(SQL.quote(entity.columnNames[column])) IN (" + Array(repeating: "?", count: keys.count).joined(separator: ", ") + ")"
    }

    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue], dialect: SQLDialect) -> String? {
        sqlCondition(entity: entity, arguments: &arguments)
    }

    func matches(_ object: ManagedObjectValues) -> Bool {
        guard case .int64(let key) = object.values[column].storage else { return false }
        return keys.contains(key)
    }

    var keyPaths: [String] { [name] }
}
