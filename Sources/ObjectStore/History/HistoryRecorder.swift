import Foundation
import GRDB

/// Turns what a commit wrote (its batch and outcome) into the changes its history transaction
/// records: one per object, in the batch's order (inserts, deletes, updates), then the objects
/// changed only through the other side of a relationship. Pure: it reads nothing from the
/// database.
///
/// The same changes as a ``ChangeSet`` lists (``ObjectChanges``), found without its sets and
/// dictionaries: a to-one key that changed also changes the to-many relationship on the other
/// side, and a many-to-many link both ends.
struct HistoryRecorder {
    /// One change to record.
    struct Row {
        var id: ObjectID
        var type: HistoryChangeType
        /// The updated property names, for updates.
        var properties: [String] = []
        /// Encoded preserved values, for deletes of entities that preserve any.
        var tombstone: Data?
    }

    private let entityBindings: [EntityBinding]
    private(set) var rows: [Row] = []
    /// To-many keys changed from the other side, added by ``finish()``.
    private var derived: [(ObjectID, String)] = []

    init(entityBindings: [EntityBinding]) {
        self.entityBindings = entityBindings
    }

    /// Records every row change and link the commit made, as the outcome says it made them.
    mutating func record(_ batch: CommitBatch, outcome: CommitOutcome) throws {
        rows.reserveCapacity(batch.inserts.count + batch.deletes.count + batch.updates.count)
        for insert in batch.inserts {
            added(insert.entity, insert.key, .insert, before: nil, after: insert.values)
        }
        for (link, changed) in zip(batch.links, outcome.linksChanged) where changed {
            derived.append((objectID(link.owner.index, link.source), link.relationship.name))
            if let inverse = link.relationship.inverseName {
                derived.append((objectID(link.relationship.destinationIndex, link.target), inverse))
            }
        }
        for (delete, result) in zip(batch.deletes, outcome.deletes) {
            guard case .deleted(let before) = result else { continue }
            added(delete.entity, delete.key, .delete, before: before, after: nil)
            rows[rows.count - 1].tombstone = try Self.tombstone(of: delete.entity, before: before)
        }
        for (update, result) in zip(batch.updates, outcome.updates) {
            switch result {
            case let .written(before, after, columns, _):
                let changed = columns.filter { !StoredValueOrder.isSame(before[$0], after[$0]) }
                guard !changed.isEmpty else { continue }
                added(update.entity, update.key, .update, before: before, after: after)
                rows[rows.count - 1].properties = changed.map { update.entity.columnNames[$0] }
            case let .reinserted(values, _):
                added(update.entity, update.key, .insert, before: nil, after: values)
            case .discarded, .deletedElsewhere:
                break
            }
        }
        for derived in outcome.derivedUpdates {
            added(derived.entity, derived.key, .update, before: derived.before, after: derived.after)
            rows[rows.count - 1].properties = derived.columns.map { derived.entity.columnNames[$0] }
        }
        addDerived()
    }

    private func objectID(_ entity: Int, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity], key: key)
    }

    private mutating func added(_ entity: EntityDescription, _ key: Int64, _ type: HistoryChangeType, before: ContiguousArray<DatabaseValue>?, after: ContiguousArray<DatabaseValue>?) {
        rows.append(Row(id: objectID(entity.index, key), type: type))
        entity.forEachToManyInverseChange(before: before, after: after) { relationship, other, inverseName in
            derived.append((objectID(relationship.destinationIndex, other), inverseName))
        }
    }

    /// Adds the to-many keys changed from the other side: to the object's update, or as an
    /// update of their own (never to an object the commit inserted or deleted).
    private mutating func addDerived() {
        guard !derived.isEmpty else { return }
        var positions: [ObjectID: Int] = [:]
        for (index, row) in rows.enumerated() { positions[row.id] = index }
        for (id, name) in derived {
            if let index = positions[id] {
                if rows[index].type == .update && !rows[index].properties.contains(name) { rows[index].properties.append(name) }
            } else {
                positions[id] = rows.count
                rows.append(Row(id: id, type: .update, properties: [name]))
            }
        }
    }

    private static func tombstone(of entity: EntityDescription, before: ContiguousArray<DatabaseValue>) throws -> Data? {
        guard entity.attributes.contains(where: \.preservesValueAfterDeletion) else { return nil }
        var values: [String: StoredValue] = [:]
        for attribute in entity.attributes where attribute.preservesValueAfterDeletion {
            values[attribute.name] = StoredValue(before[attribute.column])
        }
        return try HistoryTombstone.encode(values)
    }
}
