import GRDB

/// The rows one save writes to the store, and what happened to each.
struct CommitBatch {
    struct Insert {
        var entity: EntityDescription
        var key: Int64
        var values: ContiguousArray<DatabaseValue>
    }

    struct Update {
        var entity: EntityDescription
        var key: Int64
        var expectedVersion: Int64
        var committedValues: ContiguousArray<DatabaseValue>
        var values: ContiguousArray<DatabaseValue>
        var changedColumns: [Int]
    }

    struct Delete {
        var entity: EntityDescription
        var key: Int64
        var expectedVersion: Int64
        var committedValues: ContiguousArray<DatabaseValue>
    }

    /// A many-to-many link added or removed, named from the owner side.
    struct Link {
        var owner: EntityDescription
        var relationship: RelationshipDescription
        var source: Int64
        var target: Int64
        var linked: Bool
    }

    var inserts: [Insert] = []
    var updates: [Update] = []
    var deletes: [Delete] = []
    var links: [Link] = []
    /// Who saves, for the commit's history transaction.
    var stamp = HistoryStamp()
}

/// What a commit did to each updated or deleted row.
struct CommitOutcome {
    enum UpdateResult {
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

    enum DeleteResult {
        /// Deleted; the row before.
        case deleted(before: ContiguousArray<DatabaseValue>)
        /// Another context had already deleted the row.
        case alreadyGone
        /// Kept (store-trump or rollback policy): the object takes the stored row again.
        case kept(StoreRow)
    }

    /// The store generation the commit raised the store to.
    var generation: Int64 = 0
    var updates: [UpdateResult] = []
    var deletes: [DeleteResult] = []
    /// Per link: whether the store changed (adding an existing link or removing a missing one
    /// changes nothing).
    var linksChanged: [Bool] = []
}
