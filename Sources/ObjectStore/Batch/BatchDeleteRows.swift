import GRDB

/// The statements a batch delete runs, each in the store's own SQL, inside the delete's
/// transaction: what ``BatchDeletePlan`` needs of a store to find and write its rows.
package protocol BatchDeleteRows {
    /// The rows `query` selects, whole (in no particular order unless it has a limit or an
    /// offset, which its order then decides).
    func selectedRows(_ query: StoreQuery) throws -> [StoreRow]
    /// The rows of `entity` with the given keys (missing keys skipped).
    func rows(of entity: EntityDescription, keys: [Int64]) throws -> [StoreRow]
    /// The rows of `entity` whose `column` (a to-one key) holds one of `keys`.
    func rows(of entity: EntityDescription, column: Int, in keys: [Int64]) throws -> [StoreRow]
    /// The (own, other) key pairs of the links in `join` of the objects `keys`, by own key.
    func linkedKeys(_ join: JoinTable, of keys: [Int64]) throws -> [(own: Int64, other: Int64)]
    /// Sets `columns` of the row of `key` to NULL and raises its version; the new version, nil
    /// when the row is gone.
    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64) throws -> Int64?
    /// Deletes the rows of `keys`, and every many-to-many link of theirs.
    func deleteRows(of entity: EntityDescription, keys: [Int64]) throws
}
