package import GRDB

/// The rows one save writes to the store, and what happened to each.
package struct CommitBatch {
    package struct Insert {
        package var entity: EntityDescription
        package var key: Int64
        package var values: ContiguousArray<DatabaseValue>

        package init(entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>) {
            self.entity = entity
            self.key = key
            self.values = values
        }
    }

    package struct Update {
        package var entity: EntityDescription
        package var key: Int64
        package var expectedVersion: Int64
        package var committedValues: ContiguousArray<DatabaseValue>
        package var values: ContiguousArray<DatabaseValue>
        package var changedColumns: [Int]

        package init(
            entity: EntityDescription, key: Int64, expectedVersion: Int64, committedValues: ContiguousArray<DatabaseValue>,
            values: ContiguousArray<DatabaseValue>, changedColumns: [Int]
        ) {
            self.entity = entity
            self.key = key
            self.expectedVersion = expectedVersion
            self.committedValues = committedValues
            self.values = values
            self.changedColumns = changedColumns
        }
    }

    package struct Delete {
        package var entity: EntityDescription
        package var key: Int64
        package var expectedVersion: Int64
        package var committedValues: ContiguousArray<DatabaseValue>
    }

    /// A many-to-many link added or removed, named from the owner side.
    package struct Link {
        package var owner: EntityDescription
        package var relationship: RelationshipDescription
        package var source: Int64
        package var target: Int64
        package var linked: Bool
    }

    package var inserts: [Insert] = []
    package var updates: [Update] = []
    package var deletes: [Delete] = []
    package var links: [Link] = []
    /// Who saves, for the commit's history transaction.
    package var stamp = HistoryStamp()
}

/// What a commit did to each updated or deleted row.
package struct CommitOutcome {
    package enum UpdateResult {
        /// Written: the row before and after, the columns written, and the row's new version.
        case written(before: ContiguousArray<DatabaseValue>, after: ContiguousArray<DatabaseValue>, columns: [Int], version: Int64)
        /// Another context had deleted the row and the policy writes the object again: the row is
        /// inserted anew with these values and a version no earlier row of its key had.
        case reinserted(ContiguousArray<DatabaseValue>, version: Int64)
        /// Not written (rollback policy): the object takes the stored row.
        case discarded(StoreRow)
        /// The row was gone and the policy lets the deletion win: the object becomes deleted.
        case deletedElsewhere
    }

    package enum DeleteResult {
        /// Deleted; the row before.
        case deleted(before: ContiguousArray<DatabaseValue>)
        /// Another context had already deleted the row.
        case alreadyGone
        /// Kept (store-trump or rollback policy): the object takes the stored row again.
        case kept(StoreRow)
    }

    /// The store generation the commit raised the store to.
    package var generation: Int64 = 0
    package var updates: [UpdateResult] = []
    package var deletes: [DeleteResult] = []
    /// Per link: whether the store changed (adding an existing link or removing a missing one
    /// changes nothing).
    package var linksChanged: [Bool] = []
    /// By position among the batch's inserts: the stored values of inserted rows whose derived
    /// attributes the commit computed (the written updates' results hold theirs).
    package var derivedInserts: [Int: ContiguousArray<DatabaseValue>] = [:]
    /// Rows the batch did not write whose derived attributes the commit changed (and, for a
    /// batch update request, the rows it wrote whose derived attributes changed).
    package var derivedUpdates: [DerivedUpdate] = []

    /// A row whose derived attributes a commit changed, though the batch did not write it (or a
    /// batch update request wrote it).
    package struct DerivedUpdate {
        package var entity: EntityDescription
        package var key: Int64
        package var before: ContiguousArray<DatabaseValue>
        package var after: ContiguousArray<DatabaseValue>
        /// The derived columns that changed.
        package var columns: [Int]
        /// The row's new version.
        package var version: Int64
    }
}
