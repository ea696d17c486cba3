import GRDB

/// The store's generation: a counter in `Z_METADATA` that every commit of a save raises by one
/// in its own transaction, so that a read learns, in the same transaction, exactly which commits
/// it sees.
enum StoreGeneration {
    private static let key = "generation"

    /// Raises the generation; call first in a commit's transaction. Returns the new value.
    static func advance(_ db: Database) throws -> Int64 {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES ('\(key)', 1) \
            ON CONFLICT(Z_KEY) DO UPDATE SET Z_VALUE = Z_VALUE + 1 RETURNING Z_VALUE
            """)
        return try Int64.fetchOne(statement) ?? 0
    }

    /// The query of ``current(_:)``.
    static let currentSQL = "SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = '\(key)'"

    /// The generation a read transaction sees (0 before the first commit).
    static func current(_ db: Database) throws -> Int64 {
        let statement = try db.cachedStatement(sql: currentSQL)
        return try Int64.fetchOne(statement) ?? 0
    }
}

/// The highest store generation (for a root context) or parent sequence number (for a child)
/// that a context's reads have seen: what it must merge to show no less than it read.
///
/// Owned by one context and used on its queue only.
package final class ReadMark {
    private(set) var highest: Int64 = 0

    package func saw(_ value: Int64) {
        if value > highest { highest = value }
    }
}
