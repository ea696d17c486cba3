import GRDB

/// Collects a save's row changes and turns them into a ``ChangeSet``: the objects and changed
/// keys (``ObjectChanges``), and the new values of each updated row for the contexts that merge
/// it.
struct ChangeSetBuilder {
    private var changes: ObjectChanges
    private var patches: [ObjectID: RowPatch] = [:]

    init(store: any PersistentStore) {
        changes = ObjectChanges(entityBindings: store.entityBindings)
    }

    mutating func inserted(entity: EntityDescription, key: Int64, after: ContiguousArray<DatabaseValue>) {
        changes.record(entity: entity, key: key, before: nil, after: after)
    }

    mutating func deleted(entity: EntityDescription, key: Int64, before: ContiguousArray<DatabaseValue>) {
        changes.record(entity: entity, key: key, before: before, after: nil)
    }

    /// Records an update; only `candidates` (the columns written) can differ between `before` and
    /// `after`.
    mutating func updated(entity: EntityDescription, key: Int64, before: ContiguousArray<DatabaseValue>, after: ContiguousArray<DatabaseValue>, columns candidates: [Int], version: Int64?) {
        let columns = changes.record(entity: entity, key: key, before: before, after: after, columns: candidates)
        patches[changes.objectID(entity.index, key)] = RowPatch(version: version, columns: columns, values: columns.map { after[$0] })
    }

    /// Records a many-to-many link that changed: both ends changed their relationship.
    mutating func linked(_ link: CommitBatch.Link) {
        changes.linked(owner: link.owner, relationship: link.relationship, source: link.source, target: link.target)
    }

    func changeSet(number: Int64, originator: ContextIdentifier, destination: ChangeSet.Destination, historyToken: HistoryToken? = nil) -> ChangeSet {
        let lists = changes.lists()
        return ChangeSet(
            transactionNumber: number,
            originator: originator,
            destination: destination,
            insertedObjectIDs: lists.inserted,
            changedKeys: lists.changedKeys,
            deletedObjectIDs: lists.deleted,
            patches: patches,
            historyToken: historyToken)
    }
}
