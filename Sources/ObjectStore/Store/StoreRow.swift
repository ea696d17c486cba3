package import GRDB

/// One row of an entity table: key, version and the values of every column.
package struct StoreRow: Sendable {
    package var key: Int64
    package var version: Int64
    package var values: ContiguousArray<DatabaseValue>
}
