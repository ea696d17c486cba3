import Foundation
import GRDB

/// Keeps derived attributes current within a commit's transaction: finds the rows whose derived
/// values the commit's writes may have changed (the written rows themselves, the owners of
/// inserted, deleted and moved members, the rows that copy a changed destination's value; for a
/// batch update, the rows and owners its set attributes reach), computes their values again from
/// what the store now holds, writes those that changed and records them in the outcome, so the
/// change set and the history list them as updated.
package struct DerivedRefresh {
    /// The rows to compute again, of one owner entity.
    private struct Owners {
        let entity: EntityDescription
        var keys: Set<Int64> = []
        /// Those the batch wrote (their `now()` attributes take the save's time).
        var saved: Set<Int64> = []
    }

    /// Where a row of the batch sits: among the inserts or the updates, or among the rows a batch
    /// update request wrote (its version already raised).
    private enum Place: Equatable {
        case insert(Int)
        case update(Int)
        case requested
    }

    private var owners: [Int: Owners] = [:]
    /// Owner rows that copy a value of a changed row, found with one query per relationship.
    private var copiedFrom: [CopyKey: Set<Int64>] = [:]
    private var places: [RowKey: Place] = [:]
    private var deleted: Set<RowKey> = []

    private struct RowKey: Hashable {
        let entity: Int
        let key: Int64
    }

    private struct CopyKey: Hashable {
        let owner: Int
        let ownerColumn: Int
    }

    private var copyOwners: [Int: EntityDescription] = [:]
    /// Whether rows the batch did not write take a new version (not in a migration).
    private var raisesVersions = true

    /// Notes what the batch's rows reach; rows of entities no derivation reads cost one check.
    init(batch: CommitBatch, outcome: CommitOutcome) {
        for (index, insert) in batch.inserts.enumerated() where insert.entity.isReadByDerivations {
            note(.insert(index), of: insert.entity, insert.key)
            noteWritten(insert.entity, insert.key, before: nil, after: insert.values, columns: nil)
        }
        for (delete, result) in zip(batch.deletes, outcome.deletes) where delete.entity.isReadByDerivations {
            guard case .deleted(let before) = result else { continue }
            deleted.insert(RowKey(entity: delete.entity.index, key: delete.key))
            noteWritten(delete.entity, delete.key, before: before, after: nil, columns: nil)
        }
        for (index, (update, result)) in zip(batch.updates, outcome.updates).enumerated() where update.entity.isReadByDerivations {
            switch result {
            case let .written(before, after, columns, _):
                note(.update(index), of: update.entity, update.key)
                noteWritten(update.entity, update.key, before: before, after: after, columns: columns)
            case .reinserted(let values, _):
                note(.update(index), of: update.entity, update.key)
                noteWritten(update.entity, update.key, before: nil, after: values, columns: nil)
            case .discarded, .deletedElsewhere:
                break
            }
        }
    }

    /// Notes what a batch update's rows reach through the attributes it set: the rows themselves
    /// when a derived attribute of theirs reads one (or is the save's time), the owners summing
    /// one over their members, the owners copying one. Reads the updated rows only when owners
    /// sum what the update set (for their member keys); other groups cost one check.
    init(updates: AttributeUpdates, rows: some DerivedRowAccess) throws {
        let entity = updates.entity
        let stampsSaves = entity.derivations.contains { if case .now = $0.source { true } else { false } }
        for group in updates.groups {
            let readsOwn = stampsSaves || entity.derivations.contains { derivation in
                if case .own(let column) = derivation.source { group.columns.contains(column) } else { false }
            }
            let triggers = entity.derivationTriggers.filter { trigger in
                switch trigger.kind {
                case .destination(let column, _): group.columns.contains(column)
                case .member(_, let valueColumn): valueColumn.map { group.columns.contains($0) } ?? false
                }
            }
            guard readsOwn || !triggers.isEmpty else { continue }
            let readsRows = triggers.contains { if case .member = $0.kind { true } else { false } }
            for key in group.keys {
                if readsOwn {
                    places[RowKey(entity: entity.index, key: key)] = .requested
                    note(entity, key, saved: true)
                }
                guard !triggers.isEmpty else { continue }
                let values = try readsRows ? rows.row(entity: entity, key: key)?.values : nil
                for trigger in triggers {
                    switch trigger.kind {
                    case .member(let keyColumn, _):
                        if let values, case .int64(let owner) = values[keyColumn].storage { note(trigger.owner, owner, saved: false) }
                    case .destination(_, let ownerColumn):
                        copiedFrom[CopyKey(owner: trigger.owner.index, ownerColumn: ownerColumn), default: []].insert(key)
                        copyOwners[trigger.owner.index] = trigger.owner
                    }
                }
            }
        }
    }

    /// Notes where a written row of an entity with derived attributes sits in the batch.
    private mutating func note(_ place: Place, of entity: EntityDescription, _ key: Int64) {
        if !entity.derivations.isEmpty { places[RowKey(entity: entity.index, key: key)] = place }
    }

    /// Notes the owner rows a written row reaches: itself when it has derived attributes, the
    /// owners its member key points at before and after, the owners copying its changed columns.
    /// `columns` is nil for an inserted or deleted row.
    private mutating func noteWritten(
        _ entity: EntityDescription, _ key: Int64,
        before: ContiguousArray<DatabaseValue>?, after: ContiguousArray<DatabaseValue>?, columns: [Int]?
    ) {
        if !entity.derivations.isEmpty, after != nil { note(entity, key, saved: true) }
        for trigger in entity.derivationTriggers {
            switch trigger.kind {
            case let .member(keyColumn, valueColumn):
                if let columns, !columns.contains(keyColumn), !(valueColumn.map { columns.contains($0) } ?? false) { continue }
                for values in [before, after] {
                    if let values, case .int64(let owner) = values[keyColumn].storage { note(trigger.owner, owner, saved: false) }
                }
            case let .destination(column, ownerColumn):
                guard let columns, columns.contains(column) else { continue }
                copiedFrom[CopyKey(owner: trigger.owner.index, ownerColumn: ownerColumn), default: []].insert(key)
                copyOwners[trigger.owner.index] = trigger.owner
            }
        }
    }

    private mutating func note(_ entity: EntityDescription, _ key: Int64, saved: Bool) {
        owners[entity.index, default: Owners(entity: entity)].keys.insert(key)
        if saved { owners[entity.index]?.saved.insert(key) }
    }

    /// Fills the derived columns of every row of `entities`, whose derived attributes a
    /// migration added or changed, in its transaction; row versions stay as they are.
    package static func fill(_ entities: [EntityDescription], rows: some DerivedRowAccess) throws {
        var refresh = DerivedRefresh(batch: CommitBatch(), outcome: CommitOutcome())
        refresh.raisesVersions = false
        for entity in entities {
            refresh.owners[entity.index] = Owners(entity: entity, keys: Set(try rows.allKeys(of: entity)))
        }
        var outcome = CommitOutcome()
        try refresh.apply(to: &outcome, writer: rows)
    }

    /// The entities of `model` with derived attributes that `old` (a store's schema before a
    /// migration; nil for a new store) did not hold or held with another expression.
    package static func entitiesToFill(_ model: ManagedObjectModel, old: StoredSchema?) -> [EntityDescription] {
        guard let old else { return [] }
        return model.entities.filter { entity in
            entity.derivations.contains { derivation in
                old.entities[entity.name]?.attributes[derivation.name]?.derivation != derivation.formula
            }
        }
    }

    /// Computes the noted rows again, writes the derived values that changed and records them.
    mutating func apply(to outcome: inout CommitOutcome, writer: some DerivedRowAccess) throws {
        for (copy, targets) in copiedFrom {
            guard let owner = copyOwners[copy.owner] else { continue }
            for key in try writer.keys(of: owner, column: copy.ownerColumn, in: targets.sorted()) {
                note(owner, key, saved: false)
            }
        }
        guard !owners.isEmpty else { return }
        let now = Date().storedValue.databaseValue
        for index in owners.keys.sorted() {
            guard let group = owners[index] else { continue }
            let keys = group.keys.filter { !deleted.contains(RowKey(entity: index, key: $0)) }.sorted()
            try refresh(group, keys: keys, now: now, outcome: &outcome, writer: writer)
        }
    }

    private func refresh(
        _ group: Owners, keys: [Int64], now: DatabaseValue, outcome: inout CommitOutcome, writer: some DerivedRowAccess
    ) throws {
        let entity = group.entity
        var totals: [Int: [Int64: DatabaseValue]] = [:]
        for (position, derivation) in entity.derivations.enumerated() {
            switch derivation.source {
            case .count(let relationship):
                guard let keyColumn = relationship.inverseColumn else { continue }
                totals[position] = try writer.memberTotals(of: relationship.destination, keyColumn: keyColumn, sum: nil, type: .integer, owners: keys)
            case let .sum(relationship, column, type):
                guard let keyColumn = relationship.inverseColumn else { continue }
                totals[position] = try writer.memberTotals(of: relationship.destination, keyColumn: keyColumn, sum: column, type: type, owners: keys)
            case .own, .toOne, .now:
                break
            }
        }
        var destinations = DestinationRows()
        for key in keys {
            guard let row = try writer.row(entity: entity, key: key) else { continue }
            var after = row.values
            var changed: [Int] = []
            for (position, derivation) in entity.derivations.enumerated() {
                let value: DatabaseValue
                switch derivation.source {
                case .own(let column):
                    value = derivation.transformed(row.values[column])
                case let .toOne(relationship, column):
                    value = derivation.transformed(try destinations.value(of: relationship, column: column, from: row, writer: writer))
                case .count:
                    value = totals[position]?[key] ?? 0.databaseValue
                case .sum(_, _, let type):
                    value = totals[position]?[key] ?? (type == .double ? 0.0.databaseValue : 0.databaseValue)
                case .now:
                    guard group.saved.contains(key) else { continue }
                    value = now
                }
                if !StoredValueOrder.isSame(after[derivation.column], value) {
                    after[derivation.column] = value
                    changed.append(derivation.column)
                }
            }
            guard !changed.isEmpty else { continue }
            let place = places[RowKey(entity: entity.index, key: key)]
            try writer.setColumns(changed, entity: entity, key: key, values: after, raisingVersion: place == nil && raisesVersions)
            record(entity, key, row: row, after: after, changed: changed, place: place, in: &outcome)
        }
    }

    private func record(
        _ entity: EntityDescription, _ key: Int64, row: StoreRow, after: ContiguousArray<DatabaseValue>, changed: [Int], place: Place?,
        in outcome: inout CommitOutcome
    ) {
        switch place {
        case .insert(let index):
            outcome.derivedInserts[index] = after
        case .update(let index):
            switch outcome.updates[index] {
            case let .written(before, _, columns, version):
                outcome.updates[index] = .written(before: before, after: after, columns: Array(Set(columns).union(changed)).sorted(), version: version)
            case .reinserted(_, let version):
                outcome.updates[index] = .reinserted(after, version: version)
            case .discarded, .deletedElsewhere:
                break
            }
        case .requested:
            outcome.derivedUpdates.append(CommitOutcome.DerivedUpdate(
                entity: entity, key: key, before: row.values, after: after, columns: changed, version: row.version))
        case nil:
            outcome.derivedUpdates.append(CommitOutcome.DerivedUpdate(
                entity: entity, key: key, before: row.values, after: after, columns: changed, version: row.version + 1))
        }
    }
}

/// The destination rows to-one copies read, each read once per commit.
private struct DestinationRows {
    private var rows: [ObjectKey: StoreRow?] = [:]

    private struct ObjectKey: Hashable {
        let entity: Int
        let key: Int64
    }

    /// The value of `column` of the row `relationship` points at from `row`; NULL without one.
    mutating func value(of relationship: RelationshipDescription, column: Int, from row: StoreRow, writer: some DerivedRowAccess) throws -> DatabaseValue {
        guard let keyColumn = relationship.column, case .int64(let key) = row.values[keyColumn].storage else { return .null }
        let id = ObjectKey(entity: relationship.destinationIndex, key: key)
        if rows[id] == nil { rows[id] = .some(try writer.row(entity: relationship.destination, key: key)) }
        return rows[id]??.values[column] ?? .null
    }
}
