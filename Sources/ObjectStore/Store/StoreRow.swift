import GRDB

/// One row of an entity table: key, version and the values of every column.
struct StoreRow: Sendable {
    var key: Int64
    var version: Int64
    var values: ContiguousArray<DatabaseValue>
}
