package import GRDB

/// The row statements a commit runs, each in the store's own SQL, inside the commit's
/// transaction: what ``CommitWriting`` needs of a store to write a save.
package protocol CommitRowWriter: DerivedRowAccess {
    /// Deletes the row of `key` when its version is `version` (whatever its version for nil);
    /// whether a row was deleted.
    func deleteRow(entity: EntityDescription, key: Int64, version: Int64?) throws -> Bool
    /// Sets `columns` of the row of `key` to those entries of `values`, and its version to
    /// `version + 1`, when its version is `version`; whether the row matched.
    func updateRow(entity: EntityDescription, key: Int64, columns: [Int], values: ContiguousArray<DatabaseValue>, version: Int64) throws -> Bool
    /// Sets `columns` of the row of `key` to NULL when its version is `version`, leaving its
    /// version.
    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64, version: Int64) throws
    /// Inserts a row.
    func insertRow(entity: EntityDescription, key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>) throws
    /// Inserts the rows of `inserts`, of any entities, at `version`: as
    /// ``insertRow(entity:key:version:values:)`` each, in as few statements as the store can.
    func insertRows(_ inserts: ArraySlice<CommitBatch.Insert>, version: Int64) throws
    /// Adds or removes a many-to-many link; whether the store changed.
    func apply(_ link: CommitBatch.Link) throws -> Bool
    /// Removes every many-to-many link of the row of `key`.
    func unlinkAll(entity: EntityDescription, key: Int64) throws
}

extension CommitRowWriter {
    /// One statement a row, for stores whose statements cost no round trip.
    package func insertRows(_ inserts: ArraySlice<CommitBatch.Insert>, version: Int64) throws {
        for insert in inserts {
            try insertRow(entity: insert.entity, key: insert.key, version: version, values: insert.values)
        }
    }
}
