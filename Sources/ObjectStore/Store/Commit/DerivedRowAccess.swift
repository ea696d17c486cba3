package import GRDB

/// The statements that compute derived attributes (``Derived``), each in the store's own SQL,
/// inside the transaction of a commit or a migration.
package protocol DerivedRowAccess {
    /// The row of `key`, nil when there is none.
    func row(entity: EntityDescription, key: Int64) throws -> StoreRow?
    /// Sets `columns` of the row of `key` to those entries of `values`, whatever its version;
    /// `raisingVersion` adds one to its version.
    func setColumns(_ columns: [Int], entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>, raisingVersion: Bool) throws
    /// The keys of every row of `entity`.
    func allKeys(of entity: EntityDescription) throws -> [Int64]
    /// The keys of the rows of `entity` whose to-one key `column` is one of `targets`.
    func keys(of entity: EntityDescription, column: Int, in targets: [Int64]) throws -> [Int64]
    /// Per key of `owners` that has members: the number of rows of `members` whose to-one key
    /// `keyColumn` is that key, or with `sum`, the total of their column `sum` (as `type`).
    func memberTotals(of members: EntityDescription, keyColumn: Int, sum: Int?, type: AttributeType, owners: [Int64]) throws -> [Int64: DatabaseValue]
}
