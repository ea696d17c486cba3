package import GRDB

/// One row of an entity table: key, version and the values of every column, with the values the
/// query sorts by.
package struct StoreRow: Sendable {
    package var key: Int64
    package var version: Int64
    package var values: ContiguousArray<DatabaseValue>
    /// One value per `ORDER BY` term of the query that read the row.
    package var sortKeys: ContiguousArray<DatabaseValue> = []

    package init(key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>, sortKeys: ContiguousArray<DatabaseValue> = []) {
        self.key = key
        self.version = version
        self.values = values
        self.sortKeys = sortKeys
    }
}
