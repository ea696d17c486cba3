import GRDB

/// The rows one batch delete removes and the rows and links it changes, found with the store's
/// statements (``BatchDeleteRows``) inside the delete's transaction, in phases: the rows the request selects, the rows their cascade
/// rules reach (repeatedly, set by set), the deny rules checked, the nullify rules turned into
/// row updates and removed links. ``commit(into:)`` then writes all of it as one commit.
///
/// The result is what deleting the same objects one by one in a context and saving would write:
/// the same rows gone, the same keys cleared, the same links removed.
package struct BatchDeletePlan<Rows: BatchDeleteRows> {
    /// One row, with the values it had before the delete.
    private typealias Owner = (key: Int64, values: ContiguousArray<DatabaseValue>)

    private let model: ManagedObjectModel
    private let entityBindings: [EntityBinding]
    private let store: Rows
    /// Per entity index: the rows deleted, by key.
    private var doomed: [[Int64: StoreRow]]
    /// The rows deleted, in the order they were found: the request's first.
    private(set) var order: [(entity: Int, key: Int64)] = []
    /// How many of ``order`` the request selected.
    package private(set) var requestedCount = 0
    /// Per entity index and key: the row before, and the columns the nullify rules clear.
    private var cleared: [[Int64: (row: StoreRow, columns: [Int])]]
    private var links: [CommitBatch.Link] = []

    /// A plan for a store of `model`, whose entities are bound as `entityBindings`, that runs
    /// its statements with `rows`.
    package init(model: ManagedObjectModel, entityBindings: [EntityBinding], rows: Rows) {
        self.model = model
        self.entityBindings = entityBindings
        store = rows
        doomed = Array(repeating: [:], count: model.entities.count)
        cleared = Array(repeating: [:], count: model.entities.count)
    }

    private func entity(_ index: Int) -> EntityDescription {
        model.entities[index]
    }

    private func objectID(_ entity: EntityDescription, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity.index], key: key)
    }

    /// Runs every phase into `commit`; returns how many deletes the query selected (they come
    /// first).
    ///
    /// - Throws: ``ObjectStoreError/validation(_:)`` when a deny rule still holds (nothing is
    ///   written), and what the store's statements throw.
    package static func run(_ query: StoreQuery, model: ManagedObjectModel, entityBindings: [EntityBinding], rows: Rows, into commit: inout BatchCommit) throws -> Int {
        var plan = BatchDeletePlan(model: model, entityBindings: entityBindings, rows: rows)
        try plan.select(query)
        try plan.cascade()
        let denials = try plan.denials()
        if !denials.isEmpty { throw ObjectStoreError.validation(denials) }
        try plan.nullify()
        try plan.commit(into: &commit)
        return plan.requestedCount
    }

    // MARK: Phase 1: the request's rows

    /// Selects the rows `query` selects, in no particular order unless the query has a limit or
    /// an offset (then its order decides which rows it selects).
    mutating func select(_ query: StoreQuery) throws {
        for row in try store.selectedRows(query).sorted(by: { $0.key < $1.key }) { doom(entity: query.entity.index, row) }
        requestedCount = order.count
    }

    private mutating func doom(entity index: Int, _ row: StoreRow) {
        guard doomed[index][row.key] == nil else { return }
        doomed[index][row.key] = row
        order.append((index, row.key))
    }

    // MARK: Phase 2: cascades

    /// Adds the rows the cascade rules of deleted rows reach, until none is new.
    mutating func cascade() throws {
        var next = 0
        while next < order.count {
            let start = next
            next = order.count
            var byEntity: [Int: [Owner]] = [:]
            for (index, key) in order[start..<next] {
                let row = doomed[index][key]!
                byEntity[index, default: []].append((key, row.values))
            }
            for (index, owners) in byEntity.sorted(by: { $0.key < $1.key }) {
                for relationship in entity(index).relationships where relationship.deleteRule == .cascade {
                    for (_, row) in try related(relationship, of: owners) {
                        doom(entity: relationship.destinationIndex, row)
                    }
                }
            }
        }
    }

    // MARK: Phase 3: deny rules

    /// The failures of deny rules: deleted rows whose deny relationships still point at rows
    /// the delete keeps.
    func denials() throws -> [ValidationFailure] {
        var failures: [ValidationFailure] = []
        for (index, owners) in ownersByEntity() {
            for relationship in entity(index).relationships where relationship.deleteRule == .deny {
                var kept: [Int64: [ObjectID]] = [:]
                for (owner, row) in try related(relationship, of: owners) where doomed[relationship.destinationIndex][row.key] == nil {
                    kept[owner, default: []].append(objectID(relationship.destination, row.key))
                }
                for owner in owners {
                    guard let related = kept[owner.key] else { continue }
                    failures.append(.deleteDenied(objectID(entity(index), owner.key), relationship: relationship.name, related: related))
                }
            }
        }
        return failures
    }

    // MARK: Phase 4: nullify rules

    /// Turns the nullify rules of deleted rows into the keys they clear in kept rows and the
    /// many-to-many links they remove.
    mutating func nullify() throws {
        var linked: Set<LinkKey> = []
        for (index, owners) in ownersByEntity() {
            for relationship in entity(index).relationships where relationship.deleteRule == .nullify {
                if let join = relationship.join {
                    for (owner, other) in try store.linkedKeys(join, of: owners.map(\.key)) {
                        let pair = join.pair(own: owner, other: other)
                        let link = join.isOwner
                            ? CommitBatch.Link(owner: entity(index), relationship: relationship, source: pair.source, target: pair.target, linked: false)
                            : CommitBatch.Link(owner: relationship.destination, relationship: relationship.inverse!, source: pair.source, target: pair.target, linked: false)
                        if linked.insert(LinkKey(owner: link.owner.index, relationship: link.relationship.name, source: link.source, target: link.target)).inserted {
                            links.append(link)
                        }
                    }
                } else if let inverseColumn = relationship.inverseColumn {
                    for (owner, row) in try related(relationship, of: owners) where doomed[relationship.destinationIndex][row.key] == nil {
                        // A to-one inverse is cleared only while it still points at the deleted row.
                        guard case .int64(owner) = row.values[inverseColumn].storage else { continue }
                        clear(inverseColumn, of: row, entity: relationship.destinationIndex)
                    }
                }
            }
        }
    }

    /// A link named from its owner side: the same link found from both of its deleted ends is
    /// removed once.
    private struct LinkKey: Hashable {
        let owner: Int
        let relationship: String
        let source: Int64
        let target: Int64
    }

    private mutating func clear(_ column: Int, of row: StoreRow, entity index: Int) {
        var entry = cleared[index][row.key] ?? (row, [])
        if !entry.columns.contains(column) { entry.columns.append(column) }
        cleared[index][row.key] = entry
    }

    // MARK: Phase 5: writing

    /// Writes the plan into `commit`'s transaction: the cleared keys (each row's version raised),
    /// the removed links, the deleted rows and every many-to-many link of theirs; and lists them
    /// in `commit` as a save's batch and outcome.
    func commit(into commit: inout BatchCommit) throws {
        for (index, rows) in cleared.enumerated() {
            let entity = entity(index)
            for (key, entry) in rows.sorted(by: { $0.key < $1.key }) {
                guard let version = try store.clearColumns(entry.columns, entity: entity, key: key) else { continue }
                var after = entry.row.values
                for column in entry.columns { after[column] = .null }
                commit.batch.updates.append(.init(
                    entity: entity, key: key, expectedVersion: entry.row.version, committedValues: entry.row.values,
                    values: after, changedColumns: entry.columns))
                commit.outcome.updates.append(.written(before: entry.row.values, after: after, columns: entry.columns, version: version))
            }
        }
        commit.batch.links = links
        commit.outcome.linksChanged = Array(repeating: true, count: links.count)
        for (index, owners) in ownersByEntity() {
            try store.deleteRows(of: entity(index), keys: owners.map(\.key))
        }
        for (index, key) in order {
            let row = doomed[index][key]!
            commit.batch.deletes.append(.init(entity: entity(index), key: key, expectedVersion: row.version, committedValues: row.values))
            commit.outcome.deletes.append(.deleted(before: row.values))
        }
    }

    // MARK: Reading relationships

    /// The deleted rows grouped by entity, in entity order.
    private func ownersByEntity() -> [(Int, [Owner])] {
        doomed.enumerated().compactMap { index, rows in
            rows.isEmpty ? nil : (index, rows.values.sorted { $0.key < $1.key }.map { ($0.key, $0.values) })
        }
    }

    /// The rows `relationship` of `owners` points at, each with the key of the row pointing.
    private func related(_ relationship: RelationshipDescription, of owners: [Owner]) throws -> [(owner: Int64, row: StoreRow)] {
        let destination = relationship.destination
        var pairs: [(owner: Int64, row: StoreRow)] = []
        if let join = relationship.join {
            let links = try store.linkedKeys(join, of: owners.map(\.key))
            var found: [Int64: StoreRow] = [:]
            for row in try store.rows(of: destination, keys: Array(Set(links.map(\.other))).sorted()) { found[row.key] = row }
            for (owner, other) in links {
                if let row = found[other] { pairs.append((owner, row)) }
            }
        } else if relationship.isToMany {
            guard let inverseColumn = relationship.inverseColumn else { return [] }
            for row in try store.rows(of: destination, column: inverseColumn, in: owners.map(\.key)) {
                if case .int64(let owner) = row.values[inverseColumn].storage { pairs.append((owner, row)) }
            }
        } else if let column = relationship.column {
            var owned: [Int64: [Int64]] = [:]
            for owner in owners {
                if case .int64(let target) = owner.values[column].storage { owned[target, default: []].append(owner.key) }
            }
            for row in try store.rows(of: destination, keys: owned.keys.sorted()) {
                for owner in owned[row.key] ?? [] { pairs.append((owner, row)) }
            }
        }
        return pairs
    }
}
