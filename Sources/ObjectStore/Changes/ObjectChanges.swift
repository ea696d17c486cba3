import GRDB

/// Which objects a transition inserted, updated (with the names of the changed keys) and deleted,
/// from the values of each object before and after it.
///
/// A changed to-one key also changes the to-many relationship on the other side, of the object it
/// pointed at and of the one it points at; a changed many-to-many link changes the relationship
/// at both ends. Those objects are listed as updated too (unless the same transition inserted or
/// deleted them), whether or not anyone has loaded them.
struct ObjectChanges {
    private let entityBindings: [EntityBinding]
    private var inserted: Set<ObjectID> = []
    private var deleted: Set<ObjectID> = []
    private var changedKeys: [ObjectID: Set<String>] = [:]
    /// To-many keys changed from the other side, applied when the lists are read.
    private var derived: [(ObjectID, String)] = []

    init(entityBindings: [EntityBinding]) {
        self.entityBindings = entityBindings
    }

    func objectID(_ entity: Int, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity], key: key)
    }

    /// Records one object's transition: `before` and `after` are its values, nil where it does
    /// not exist (inserted: before; deleted: after). Returns the changed columns among
    /// `candidates` (every column when nil) when it exists on both sides.
    @discardableResult
    mutating func record(
        entity: EntityDescription, key: Int64,
        before: ContiguousArray<DatabaseValue>?, after: ContiguousArray<DatabaseValue>?,
        columns candidates: [Int]? = nil
    ) -> [Int] {
        let id = objectID(entity.index, key)
        var columns: [Int] = []
        switch (before, after) {
        case (nil, nil):
            return []
        case (nil, .some):
            inserted.insert(id)
        case (.some, nil):
            deleted.insert(id)
        case let (.some(before), .some(after)):
            if let candidates {
                columns = candidates.filter { !StoredValueOrder.isSame(before[$0], after[$0]) }
            } else {
                columns = before.indices.filter { !StoredValueOrder.isSame(before[$0], after[$0]) }
            }
            if !columns.isEmpty {
                changedKeys[id, default: []].formUnion(columns.map { entity.valueNames[$0] })
            }
        }
        entity.forEachToManyInverseChange(before: before, after: after) { relationship, key, inverseName in
            derived.append((objectID(relationship.destinationIndex, key), inverseName))
        }
        return columns
    }

    /// Records a many-to-many link that was added or removed: both ends changed their
    /// relationship.
    mutating func linked(owner: EntityDescription, relationship: RelationshipDescription, source: Int64, target: Int64) {
        derived.append((objectID(owner.index, source), relationship.name))
        if let inverse = relationship.inverseName {
            derived.append((objectID(relationship.destinationIndex, target), inverse))
        }
    }

    /// Lists `id` as updated with `keys` (nothing when `keys` is empty).
    mutating func updated(_ id: ObjectID, keys: Set<String>) {
        guard !keys.isEmpty else { return }
        changedKeys[id, default: []].formUnion(keys)
    }

    /// Lists `id` as inserted.
    mutating func inserted(_ id: ObjectID) {
        inserted.insert(id)
    }

    /// Lists `id` as deleted.
    mutating func deleted(_ id: ObjectID) {
        deleted.insert(id)
    }

    /// The inserted, updated (with changed keys) and deleted objects recorded.
    func lists() -> (inserted: Set<ObjectID>, changedKeys: [ObjectID: Set<String>], deleted: Set<ObjectID>) {
        var keys = changedKeys
        for (id, name) in derived where !inserted.contains(id) && !deleted.contains(id) {
            keys[id, default: []].insert(name)
        }
        return (inserted, keys, deleted)
    }
}
