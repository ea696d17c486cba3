import GRDB
import ObjectStore

/// The groups of a ``FetchedAggregateController`` and what each object contributes to them:
/// object key to inputs (group key values, then arguments), so a changed object leaves its old
/// group and joins its new one without reading the others.
struct LiveGroups {
    private(set) var table: GroupTable
    private var contributions: [Int64: ContiguousArray<DatabaseValue>] = [:]
    /// The output row of each shown group (with rows, satisfying the condition on groups).
    private(set) var rows: [GroupKey: ContiguousArray<DatabaseValue>] = [:]
    /// The shown groups in the query's order: its sort terms, then ascending keys.
    private(set) var orderedKeys: [GroupKey] = []

    init(_ grouped: GroupedQuery) {
        table = GroupTable(grouped)
        if grouped.keyWidth == 0, let row = try? table.row(of: GroupKey([])) {
            rows[GroupKey([])] = row
            orderedKeys = [GroupKey([])]
        }
    }

    /// What one step changed among the shown groups.
    struct Step {
        /// Groups shown before and after whose values differ.
        var changed: Set<GroupKey> = []
        /// Whether a group appeared, disappeared or changed rank.
        var reordered = false

        var isEmpty: Bool { changed.isEmpty && !reordered }
    }

    /// Replaces every contribution with `inputs` (the objects the request selects now).
    ///
    /// - Throws: `ObjectStoreError.integerSumOverflow(entity:column:)` when a group's integer
    ///   sum passes `Int64` (the groups are then partly refreshed: read them all again).
    mutating func replaceAll(with inputs: [(key: Int64, values: ContiguousArray<DatabaseValue>)]) throws(ObjectStoreError) -> Step {
        let before = Set(rows.keys)
        table = GroupTable(table.grouped)
        contributions = Dictionary(minimumCapacity: inputs.count)
        for (key, values) in inputs {
            contributions[key] = values
            table.add(values)
        }
        let table = table
        var affected = before.union(inputs.lazy.map { table.key(of: $0.values) })
        if table.grouped.keyWidth == 0 { affected.insert(GroupKey([])) }
        return try refresh(affected)
    }

    /// Takes the contributions of the objects with `keys` out, and adds `inputs` (those of
    /// them the request selects now).
    ///
    /// - Throws: as ``replaceAll(with:)``.
    mutating func replace(keys: some Sequence<Int64>, with inputs: [(key: Int64, values: ContiguousArray<DatabaseValue>)]) throws(ObjectStoreError) -> Step {
        var affected: Set<GroupKey> = []
        for key in keys {
            guard let old = contributions.removeValue(forKey: key) else { continue }
            table.remove(old)
            affected.insert(table.key(of: old))
        }
        for (key, values) in inputs {
            if let old = contributions.updateValue(values, forKey: key) {
                table.remove(old)
                affected.insert(table.key(of: old))
            }
            table.add(values)
            affected.insert(table.key(of: values))
        }
        return try refresh(affected)
    }

    /// Re-reads the output rows of the `affected` groups and keeps the order of the shown ones:
    /// a group whose values change leaves its place (found with its old values) and takes the
    /// place of its new values, so ``orderedKeys`` stays sorted after each group.
    private mutating func refresh(_ affected: Set<GroupKey>) throws(ObjectStoreError) -> Step {
        var step = Step()
        for key in affected {
            let old = rows[key]
            let new = try table.row(of: key)
            switch (old, new) {
            case (nil, nil):
                break
            case (nil, let new?):
                rows[key] = new
                orderedKeys.insert(key, at: position(of: key, row: new))
                step.reordered = true
            case (let old?, nil):
                orderedKeys.remove(at: position(of: key, row: old))
                rows[key] = nil
                step.reordered = true
            case (let old?, let new?):
                guard !zip(old, new).allSatisfy({ StoredValueOrder.isSame($0, $1) && $0.storage.isSameKind(as: $1.storage) }) else { continue }
                step.changed.insert(key)
                guard !table.grouped.orders.isEmpty else {
                    rows[key] = new
                    continue
                }
                let from = position(of: key, row: old)
                orderedKeys.remove(at: from)
                rows[key] = new
                let to = position(of: key, row: new)
                orderedKeys.insert(key, at: to)
                if to != from { step.reordered = true }
            }
        }
        return step
    }

    /// The index of the group `key` with output `row` in ``orderedKeys``, or where it would go.
    private func position(of key: GroupKey, row: ContiguousArray<DatabaseValue>) -> Int {
        let grouped = table.grouped
        var low = 0
        var high = orderedKeys.count
        while low < high {
            let middle = (low + high) / 2
            let other = orderedKeys[middle]
            if grouped.precedes(rows[other] ?? row, key: other, row, key: key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension DatabaseValue.Storage {
    /// Whether both are integers, both doubles, or both of another same kind (an integer 1 and a
    /// double 1.0 compare equal but read differently).
    fileprivate func isSameKind(as other: DatabaseValue.Storage) -> Bool {
        switch (self, other) {
        case (.int64, .int64), (.double, .double), (.null, .null), (.string, .string), (.blob, .blob): true
        default: false
        }
    }
}
