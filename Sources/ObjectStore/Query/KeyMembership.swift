import GRDB

/// `Z_PK IN (…)`: the rows with some keys.
///
/// Each key is one bound variable, and SQLite limits how many one statement takes (32 766 by
/// default, fewer in old builds), so callers with many keys query ``chunks(of:)`` one at a time.
struct KeyMembership: StoreFilter {
    let keys: [Int64]

    /// How many keys one statement binds at most.
    static let chunkSize = 500

    /// `keys` in consecutive runs of at most ``chunkSize``.
    static func chunks(of keys: [Int64]) -> [[Int64]] {
        stride(from: 0, to: keys.count, by: chunkSize).map { start in
            Array(keys[start..<min(start + chunkSize, keys.count)])
        }
    }

    /// The query for the rows of `entity` with `keys` (at most ``chunkSize`` of them).
    static func query(entity: EntityDescription, keys: [Int64]) -> StoreQuery {
        var query = StoreQuery(entity: entity)
        query.filters = [KeyMembership(keys: keys)]
        return query
    }

    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String {
        for key in keys { arguments.append((key).databaseValue) }
        return "t.Z_PK IN (" + Array(repeating: "?", count: keys.count).joined(separator: ", ") + ")"
    }

    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue], dialect: SQLDialect) -> String? {
        sqlCondition(entity: entity, arguments: &arguments)
    }

    func matches(_ object: ManagedObjectValues) -> Bool {
        guard let key = object.key else { return false }
        return keys.contains(key)
    }

    /// None: the condition reads the object's identity, not a key.
    var keyPaths: [String] { [] }
}
