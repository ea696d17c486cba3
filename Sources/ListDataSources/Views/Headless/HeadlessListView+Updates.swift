import DiffableSnapshots

extension HeadlessListView {
    /// Shows `content`: keeps its snapshot and asks for a cell for every item.
    ///
    /// - Throws: The first error of a provider; the view then keeps what it showed.
    /// - Complexity: O(*n*) cell requests for *n* items.
    public func reloadData(_ content: ListViewContent<HeadlessListView>) throws {
        let snapshot = content.snapshot
        var cells: [ItemIdentifierType: Cell] = [:]
        cells.reserveCapacity(snapshot.numberOfItems)
        for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
            for (index, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
                cells[item] = try content.cell(at: ItemPath(section: sectionIndex, item: index))
            }
        }
        var supplementaries: [SectionIdentifierType: [String: Cell]] = [:]
        for sectionIndex in snapshot.sectionIdentifiers.indices {
            try makeSupplementaries(content, section: sectionIndex, into: &supplementaries)
        }
        state.withLock { state in
            state.snapshot = snapshot
            state.cells = cells
            state.supplementaries = supplementaries
            state.reloadCount += 1
            state.cellRequestCount += snapshot.numberOfItems
            if recordsHistory { state.history.append(.reloadData(snapshot)) }
            checkInvariants(state)
        }
    }

    /// Performs `update`: checks it (unless made not to), asks for the cells of the items it
    /// inserts, reloads or reconfigures, and shows the new snapshot.
    ///
    /// - Throws: The `BatchUpdateError` of an update that breaks a rule, or the first error of a
    ///   provider; the view then keeps what it showed.
    /// - Complexity: O(*u*) for an update of *u* operations, plus the items of inserted, deleted
    ///   and reloaded sections, plus the check.
    public func performBatchUpdates(_ update: ListViewUpdate<HeadlessListView>) throws {
        let batchUpdate = update.batchUpdate
        let old = state.withLock { $0.snapshot }
        let new = update.newSnapshot
        if let validate {
            do {
                try validate(batchUpdate, old, new)
            } catch {
                state.withLock { state in
                    state.invalidUpdateCount += 1
                    if recordsHistory { state.history.append(.rejectedUpdate(batchUpdate, error)) }
                }
                throw error
            }
        }

        var removed: [ItemIdentifierType] = batchUpdate.itemDeletes.compactMap { old.listItem(at: $0) }
        var refreshed: [ItemPath] = batchUpdate.itemInserts + batchUpdate.itemReconfigures
        refreshed += batchUpdate.itemReloads.compactMap { old.listItem(at: $0).flatMap(new.listPath(of:)) }
        var removedSections: [SectionIdentifierType] = []
        var refreshedSections: [Int] = batchUpdate.sectionInserts
        for index in batchUpdate.sectionDeletes + batchUpdate.sectionReloads {
            let section = old.sectionIdentifiers[index]
            removedSections.append(section)
            removed += old.itemIdentifiers(inSection: section)
        }
        for index in batchUpdate.sectionReloads {
            if let newIndex = new.indexOfSection(old.sectionIdentifiers[index]) { refreshedSections.append(newIndex) }
        }
        for sectionIndex in refreshedSections {
            let count = new.numberOfItems(inSection: new.sectionIdentifiers[sectionIndex])
            refreshed += (0..<count).map { ItemPath(section: sectionIndex, item: $0) }
        }

        let cells = try refreshed.map { (new.listItem(at: $0), try update.content.cell(at: $0)) }
        var supplementaries: [SectionIdentifierType: [String: Cell]] = [:]
        for sectionIndex in refreshedSections {
            try makeSupplementaries(update.content, section: sectionIndex, into: &supplementaries)
        }

        state.withLock { state in
            for item in removed { state.cells[item] = nil }
            for section in removedSections { state.supplementaries[section] = nil }
            for (item, cell) in cells { if let item { state.cells[item] = cell } }
            state.supplementaries.merge(supplementaries) { $1 }
            state.snapshot = new
            state.batchUpdateCount += 1
            state.cellRequestCount += cells.count
            if recordsHistory { state.history.append(.batchUpdate(batchUpdate, new, animated: update.animatingDifferences)) }
            checkInvariants(state)
        }
    }

    /// Traps when the view keeps cells for other items than it shows (after a checked update);
    /// compiled out of release builds.
    private func checkInvariants(_ state: State) {
        #if DEBUG
            if validate != nil {
                precondition(state.cells.count == state.snapshot.numberOfItems, "\(state.cells.count) cells kept for \(state.snapshot.numberOfItems) items")
            }
        #endif
    }

    private func makeSupplementaries(
        _ content: ListViewContent<HeadlessListView>,
        section sectionIndex: Int,
        into supplementaries: inout [SectionIdentifierType: [String: Cell]]
    ) throws(DiffableDataSourceError) {
        guard !supplementaryKinds.isEmpty else { return }
        let section = content.snapshot.sectionIdentifiers[sectionIndex]
        var made: [String: Cell] = [:]
        for kind in supplementaryKinds {
            made[kind] = try content.supplementary(ofKind: kind, at: ItemPath(section: sectionIndex, item: 0))
        }
        supplementaries[section] = made
    }
}
