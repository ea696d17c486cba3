import Foundation
import GRDB

/// Turns what a commit wrote (its batch and outcome) into the changes its history transaction
/// records: one per object, in entity and key order. Pure: it reads nothing from the database.
struct HistoryRecorder {
    /// One change row to write.
    struct Row {
        var entity: EntityDescription
        var key: Int64
        var type: HistoryChangeType
        /// Sorted names, for updates.
        var properties: [String]
        /// Encoded preserved values, for deletes of entities that preserve any.
        var tombstone: Data?
    }

    private var changes: ObjectChanges
    /// The values before each delete, for tombstones.
    private var deletedValues: [ObjectID: ContiguousArray<DatabaseValue>] = [:]

    init(entityBindings: [EntityBinding]) {
        changes = ObjectChanges(entityBindings: entityBindings)
    }

    /// Records every row change and link the commit made, as the outcome says it made them.
    mutating func record(_ batch: CommitBatch, outcome: CommitOutcome) {
        for insert in batch.inserts {
            changes.record(entity: insert.entity, key: insert.key, before: nil, after: insert.values)
        }
        for (link, changed) in zip(batch.links, outcome.linksChanged) where changed {
            changes.linked(owner: link.owner, relationship: link.relationship, source: link.source, target: link.target)
        }
        for (delete, result) in zip(batch.deletes, outcome.deletes) {
            guard case .deleted(let before) = result else { continue }
            changes.record(entity: delete.entity, key: delete.key, before: before, after: nil)
            if delete.entity.attributes.contains(where: \.preservesValueAfterDeletion) {
                deletedValues[changes.objectID(delete.entity.index, delete.key)] = before
            }
        }
        for (update, result) in zip(batch.updates, outcome.updates) {
            switch result {
            case let .written(before, after, columns, _):
                changes.record(entity: update.entity, key: update.key, before: before, after: after, columns: columns)
            case let .reinserted(values, _):
                changes.record(entity: update.entity, key: update.key, before: nil, after: values)
            case .discarded, .deletedElsewhere:
                break
            }
        }
    }

    /// The rows to write, in entity and key order.
    func rows() throws -> [Row] {
        let lists = changes.lists()
        var rows: [Row] = []
        rows.reserveCapacity(lists.inserted.count + lists.changedKeys.count + lists.deleted.count)
        for id in lists.inserted {
            rows.append(Row(entity: id.entity, key: id.key, type: .insert, properties: []))
        }
        for (id, keys) in lists.changedKeys where !lists.inserted.contains(id) && !lists.deleted.contains(id) {
            rows.append(Row(entity: id.entity, key: id.key, type: .update, properties: keys.sorted()))
        }
        for id in lists.deleted {
            rows.append(Row(entity: id.entity, key: id.key, type: .delete, properties: [], tombstone: try tombstone(of: id)))
        }
        rows.sort { ($0.entity.index, $0.key) < ($1.entity.index, $1.key) }
        return rows
    }

    private func tombstone(of id: ObjectID) throws -> Data? {
        guard let before = deletedValues[id] else { return nil }
        var values: [String: StoredValue] = [:]
        for attribute in id.entity.attributes where attribute.preservesValueAfterDeletion {
            values[attribute.name] = StoredValue(before[attribute.column])
        }
        return try HistoryTombstone.encode(values)
    }
}
