package import GRDB

/// The rows a batch update changed, grouped by which of its attributes changed in them: every row
/// of a group took the same values, so the change set and the history list the group's rows with
/// one shared key set and one shared patch, not per-row copies of them.
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

    let entity: EntityDescription
    package var groups: [Group] = []

    package init(entity: EntityDescription) {
        self.entity = entity
    }

    var isEmpty: Bool { groups.allSatisfy(\.keys.isEmpty) }

    /// The history of the update: one change per row, in key order.
    func historyRows(objectID: (Int64) -> ObjectID) -> [HistoryRecorder.Row] {
        var rows: [(key: Int64, row: HistoryRecorder.Row)] = []
        rows.reserveCapacity(groups.reduce(0) { $0 + $1.keys.count })
        for group in groups {
            let properties = group.columns.map { entity.columnNames[$0] }
            for key in group.keys { rows.append((key, HistoryRecorder.Row(id: objectID(key), type: .update, properties: properties))) }
        }
        if groups.count > 1 { rows.sort { $0.key < $1.key } }
        return rows.map(\.row)
    }

    /// The change set of the update: each group's rows with the group's changed keys and patch,
    /// in the compact form of ``UpdatedObjects``.
    func changeSet(number: Int64, originator: ContextIdentifier, historyToken: HistoryToken?, binding: EntityBinding) -> ChangeSet {
        let groups = groups.map { group in
            UpdatedObjects.Group(
                binding: binding, keys: group.keys, versions: group.versions, columns: group.columns, values: group.values,
                names: Set(group.columns.map { entity.columnNames[$0] }))
        }
        return ChangeSet(
            transactionNumber: number, originator: originator, destination: .store,
            insertedObjectIDs: [], updates: UpdatedObjects(groups: groups), deletedObjectIDs: [], historyToken: historyToken)
    }
}
