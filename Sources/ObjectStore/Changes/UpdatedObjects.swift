import DiffableSupport
import GRDB

/// The objects a change updated, each with the names of its changed keys and, for committed
/// changes, the new values of its changed columns (a ``RowPatch``).
///
/// Two forms. A save lists each object on its own. A batch update lists groups of rows of one
/// entity that took the same values in the same columns: 100,000 updated rows are then two
/// arrays of numbers and one shared key set and patch, not 100,000 entries in each of three hash
/// tables. The dictionary and set of the public API (``ChangeSet/changedKeys``,
/// ``ChangeSet/updatedObjectIDs``) are built from a group on first use, once, and kept; the
/// store's own readers (merges, controllers, change checks) look rows up or walk them without.
final class UpdatedObjects: Sendable {
    /// Rows of one entity that took the same values in the same columns.
    struct Group: Sendable {
        /// The entity's binding to its store (see ``ObjectID``).
        var binding: EntityBinding
        /// In increasing order.
        var keys: [Int64]
        /// Each row's version after the change, or empty when the change went to a parent
        /// context.
        var versions: [Int64]
        var columns: [Int]
        var values: [DatabaseValue]
        /// The names of `columns`.
        var names: Set<String>

        func objectID(at index: Int) -> ObjectID {
            ObjectID(binding: binding, key: keys[index])
        }

        func patch(at index: Int) -> RowPatch {
            RowPatch(version: versions.isEmpty ? nil : versions[index], columns: columns, values: values)
        }

        /// The position of `id`'s row, if the group holds it.
        func index(of id: ObjectID) -> Int? {
            guard id.binding == binding.number else { return nil }
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < id.key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == id.key ? low : nil
        }
    }

    private enum Form {
        case objects(changedKeys: [ObjectID: Set<String>], patches: [ObjectID: RowPatch])
        case groups([Group])
    }

    /// The objects and their keys as a dictionary and a set.
    private struct Lists {
        var changedKeys: [ObjectID: Set<String>]
        var ids: Set<ObjectID>
    }

    private let form: Form
    /// Built on first use.
    private let listed: Locked<Lists?>

    /// Objects listed one by one; `patches` holds the committed ones' new values.
    init(changedKeys: [ObjectID: Set<String>], patches: [ObjectID: RowPatch] = [:]) {
        form = .objects(changedKeys: changedKeys, patches: patches)
        listed = Locked(nil)
    }

    /// Objects listed by groups; a row is in one group at most.
    init(groups: [Group]) {
        form = .groups(groups.filter { !$0.keys.isEmpty })
        listed = Locked(nil)
    }

    var count: Int {
        switch form {
        case .objects(let changedKeys, _): changedKeys.count
        case .groups(let groups): groups.reduce(0) { $0 + $1.keys.count }
        }
    }

    var isEmpty: Bool {
        switch form {
        case .objects(let changedKeys, _): changedKeys.isEmpty
        case .groups(let groups): groups.isEmpty
        }
    }

    /// Some updated object, if there is one.
    var anyObjectID: ObjectID? {
        switch form {
        case .objects(let changedKeys, _): changedKeys.keys.first
        case .groups(let groups): groups.first.map { $0.objectID(at: 0) }
        }
    }

    /// The changed keys of `id`, nil when it was not updated.
    func keys(of id: ObjectID) -> Set<String>? {
        switch form {
        case .objects(let changedKeys, _): changedKeys[id]
        case .groups(let groups): groups.first { $0.index(of: id) != nil }?.names
        }
    }

    /// The new values of `id`'s changed columns, nil when it was not updated or the change
    /// carries none.
    func patch(of id: ObjectID) -> RowPatch? {
        switch form {
        case .objects(_, let patches):
            return patches[id]
        case .groups(let groups):
            for group in groups {
                if let index = group.index(of: id) { return group.patch(at: index) }
            }
            return nil
        }
    }

    /// Calls `body` with each updated object and its changed keys.
    func forEach(_ body: (ObjectID, Set<String>) throws -> Void) rethrows {
        switch form {
        case .objects(let changedKeys, _):
            for (id, keys) in changedKeys { try body(id, keys) }
        case .groups(let groups):
            for group in groups {
                for index in group.keys.indices { try body(group.objectID(at: index), group.names) }
            }
        }
    }

    /// Calls `body` with each object that has new values, and the values.
    func forEachPatch(_ body: (ObjectID, RowPatch) throws -> Void) rethrows {
        switch form {
        case .objects(_, let patches):
            for (id, patch) in patches { try body(id, patch) }
        case .groups(let groups):
            for group in groups {
                for index in group.keys.indices { try body(group.objectID(at: index), group.patch(at: index)) }
            }
        }
    }

    /// Whether some updated object, of its entity, changed keys that `predicate` accepts
    /// (asked once per group, not per row).
    func containsKeys(where predicate: (EntityDescription, Set<String>) -> Bool) -> Bool {
        switch form {
        case .objects(let changedKeys, _):
            changedKeys.contains { predicate($0.key.entity, $0.value) }
        case .groups(let groups):
            groups.contains { predicate($0.binding.entity, $0.names) }
        }
    }

    /// Every updated object with its changed keys.
    var changedKeys: [ObjectID: Set<String>] {
        changedKeysIfListed ?? lists().changedKeys
    }

    /// The dictionary of the per-object form.
    private var changedKeysIfListed: [ObjectID: Set<String>]? {
        if case .objects(let changedKeys, _) = form { return changedKeys }
        return nil
    }

    /// Every updated object.
    var ids: Set<ObjectID> {
        lists().ids
    }

    private func lists() -> Lists {
        if let lists = listed.withLock({ $0 }) { return lists }
        var changedKeys = self.changedKeysIfListed ?? [:]
        if changedKeys.isEmpty {
            changedKeys.reserveCapacity(count)
            forEach { changedKeys[$0] = $1 }
        }
        let lists = Lists(changedKeys: changedKeys, ids: Set(changedKeys.keys))
        return listed.withLock { listed in
            if listed == nil { listed = lists }
            return listed!
        }
    }
}
