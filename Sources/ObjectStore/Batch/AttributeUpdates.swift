package import GRDB

/// The rows a batch update changed, grouped by which of its attributes changed in them: every row
/// of a group took the same values, so the change set and the history list the group's rows with
/// one shared key set and one shared patch, not per-row copies of them. The derived values the
/// update changed (``takeDerivedValues(_:)``) are grouped the same way, in groups of their own.
package struct AttributeUpdates {
    package struct Group {
        /// The columns that changed, in the request's order, and their new values.
        package var columns: [Int]
        package var values: [DatabaseValue]
        package var keys: [Int64] = []
        /// Each row's version after the update.
        package var versions: [Int64] = []

        package init(columns: [Int], values: [DatabaseValue]) {
            self.columns = columns
            self.values = values
        }

        package mutating func append(key: Int64, version: Int64) {
            keys.append(key)
            versions.append(version)
        }

        /// Puts the rows in key order (SQLite returns them in the order it visits them).
        package mutating func sortByKey() {
            guard !zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return }
            let order = keys.indices.sorted { keys[$0] < keys[$1] }
            keys = order.map { keys[$0] }
            versions = order.map { versions[$0] }
        }
    }

    /// Rows of one entity whose derived values the update changed, that took the same values in
    /// the same columns.
    struct DerivedGroup {
        let entity: EntityDescription
        var group: Group
        /// Whether the rows are among those the request set (their set columns lead the group's).
        let isRequested: Bool
    }

    private struct DerivedGroupKey: Hashable {
        let entity: Int
        let columns: [Int]
        let values: [DatabaseValue]
    }

    let entity: EntityDescription
    package var groups: [Group] = []
    private(set) var derivedGroups: [DerivedGroup] = []

    package init(entity: EntityDescription) {
        self.entity = entity
    }

    var isEmpty: Bool { groups.allSatisfy(\.keys.isEmpty) && derivedGroups.isEmpty }

    /// The keys of the rows the request set, in order.
    var requestedKeys: [Int64] {
        guard derivedGroups.contains(where: \.isRequested) else { return groups.flatMap(\.keys).sorted() }
        return (groups.flatMap(\.keys) + derivedGroups.filter(\.isRequested).flatMap(\.group.keys)).sorted()
    }

    /// Takes the rows whose derived values the update changed, grouped by their changed columns
    /// and values: a row the request set leaves its group for one with its set columns and its
    /// derived ones.
    mutating func takeDerivedValues(_ updates: [CommitOutcome.DerivedUpdate]) {
        guard !updates.isEmpty else { return }
        var positions: [Int64: (group: Int, index: Int)] = [:]
        if updates.contains(where: { $0.entity.index == entity.index }) {
            for (groupIndex, group) in groups.enumerated() {
                for (index, key) in group.keys.enumerated() { positions[key] = (groupIndex, index) }
            }
        }
        var leaving: [Int: Set<Int>] = [:]
        var grouped: [DerivedGroupKey: DerivedGroup] = [:]
        for update in updates {
            var columns = update.columns
            let position = update.entity.index == entity.index ? positions[update.key] : nil
            if let position {
                columns = groups[position.group].columns + columns
                leaving[position.group, default: []].insert(position.index)
            }
            let values = columns.map { update.after[$0] }
            grouped[
                DerivedGroupKey(entity: update.entity.index, columns: columns, values: values),
                default: DerivedGroup(entity: update.entity, group: Group(columns: columns, values: values), isRequested: position != nil)
            ].group.append(key: update.key, version: update.version)
        }
        for (groupIndex, indices) in leaving {
            let group = groups[groupIndex]
            let staying = group.keys.indices.filter { !indices.contains($0) }
            groups[groupIndex].keys = staying.map { group.keys[$0] }
            groups[groupIndex].versions = staying.map { group.versions[$0] }
        }
        derivedGroups = grouped.values.map { derived in
            var derived = derived
            derived.group.sortByKey()
            return derived
        }.sorted { ($0.entity.index, $0.group.keys[0]) < ($1.entity.index, $1.group.keys[0]) }
    }

    /// The history of the update: one change per row, the request's rows first in key order, then
    /// the other rows whose derived values changed.
    func historyRows(objectID: (EntityDescription, Int64) -> ObjectID) -> [HistoryRecorder.Row] {
        let requested = groups.map { (entity, $0) } + derivedGroups.filter(\.isRequested).map { ($0.entity, $0.group) }
        var rows: [(key: Int64, row: HistoryRecorder.Row)] = []
        rows.reserveCapacity(requested.reduce(0) { $0 + $1.1.keys.count })
        for (entity, group) in requested {
            let properties = group.columns.map { entity.columnNames[$0] }
            for key in group.keys { rows.append((key, HistoryRecorder.Row(id: objectID(entity, key), type: .update, properties: properties))) }
        }
        if requested.count > 1 { rows.sort { $0.key < $1.key } }
        var history = rows.map(\.row)
        for derived in derivedGroups where !derived.isRequested {
            let properties = derived.group.columns.map { derived.entity.columnNames[$0] }
            for key in derived.group.keys {
                history.append(HistoryRecorder.Row(id: objectID(derived.entity, key), type: .update, properties: properties))
            }
        }
        return history
    }

    /// The change set of the update: each group's rows with the group's changed keys and patch,
    /// in the compact form of ``UpdatedObjects``.
    func changeSet(number: Int64, originator: ContextIdentifier, historyToken: HistoryToken?, entityBindings: [EntityBinding]) -> ChangeSet {
        let all = groups.map { (entity, $0) } + derivedGroups.map { ($0.entity, $0.group) }
        let groups = all.map { entity, group in
            UpdatedObjects.Group(
                binding: entityBindings[entity.index], keys: group.keys, versions: group.versions, columns: group.columns, values: group.values,
                names: Set(group.columns.map { entity.columnNames[$0] }))
        }
        return ChangeSet(
            transactionNumber: number, originator: originator, destination: .store,
            insertedObjectIDs: [], updates: UpdatedObjects(groups: groups), deletedObjectIDs: [], historyToken: historyToken)
    }
}
