import GRDB

/// Collects a save's row changes and turns them into a ``ChangeSet``: changed keys from the
/// before/after values of each row, plus the to-many relationships on the other side of every
/// changed to-one key.
struct ChangeSetBuilder {
    let store: PersistentStore
    private var inserted: Set<ObjectID> = []
    private var deleted: Set<ObjectID> = []
    private var changedKeys: [ObjectID: Set<String>] = [:]
    private var patches: [ObjectID: RowPatch] = [:]
    private var derived: [(ObjectID, String)] = []

    init(store: PersistentStore) {
        self.store = store
    }

    mutating func inserted(entity: EntityDescription, key: Int64, after: ContiguousArray<DatabaseValue>) {
        inserted.insert(store.objectID(entity, key))
        noteKeys(entity: entity, before: nil, after: after)
    }

    mutating func deleted(entity: EntityDescription, key: Int64, before: ContiguousArray<DatabaseValue>) {
        deleted.insert(store.objectID(entity, key))
        noteKeys(entity: entity, before: before, after: nil)
    }

    /// Records an update; only `candidates` (the columns written) can differ between `before` and
    /// `after`.
    mutating func updated(entity: EntityDescription, key: Int64, before: ContiguousArray<DatabaseValue>, after: ContiguousArray<DatabaseValue>, columns candidates: [Int], version: Int64?) {
        let columns = candidates.filter { !StoredValueOrder.isSame(before[$0], after[$0]) }
        let id = store.objectID(entity, key)
        if !columns.isEmpty {
            changedKeys[id, default: []].formUnion(columns.map { entity.columnNames[$0] })
        }
        patches[id] = RowPatch(version: version, columns: columns, values: columns.map { after[$0] })
        noteKeys(entity: entity, before: before, after: after)
    }

    /// Records a many-to-many link that changed: both ends changed their relationship.
    mutating func linked(_ link: CommitBatch.Link) {
        derived.append((store.objectID(link.owner, link.source), link.relationship.name))
        if let inverse = link.relationship.inverseName {
            derived.append((store.objectID(link.relationship.destination, link.target), inverse))
        }
    }

    /// Records the to-many inverses of to-one keys that changed.
    private mutating func noteKeys(entity: EntityDescription, before: ContiguousArray<DatabaseValue>?, after: ContiguousArray<DatabaseValue>?) {
        entity.forEachToManyInverseChange(before: before, after: after) { relationship, key, inverseName in
            derived.append((store.objectID(relationship.destination, key), inverseName))
        }
    }

    func changeSet(number: Int64, originator: ContextIdentifier, destination: ChangeSet.Destination) -> ChangeSet {
        var keys = changedKeys
        for (id, name) in derived where !inserted.contains(id) && !deleted.contains(id) {
            keys[id, default: []].insert(name)
        }
        return ChangeSet(
            transactionNumber: number,
            originator: originator,
            destination: destination,
            insertedObjectIDs: inserted,
            changedKeys: keys,
            deletedObjectIDs: deleted,
            patches: patches)
    }
}
