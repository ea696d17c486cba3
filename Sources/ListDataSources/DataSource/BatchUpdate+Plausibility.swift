import DiffableSnapshots

extension BatchUpdate {
    /// Whether the update could turn `old` into `new`, judged in time proportional to the
    /// update: every index is in range of its snapshot, the section and item counts add up,
    /// and every item move carries its item.
    ///
    /// It is no validation: an update that passes can still break the identity rule (kept items
    /// out of order). It guards the views, which index snapshots by the update's paths, from
    /// an update meant for other snapshots; `validate(from:to:)` says exactly what is wrong.
    ///
    /// - Complexity: O(*u*) for *u* operations, with O(1) snapshot lookups.
    func plausiblyTurns<S, I>(_ old: DiffableDataSourceSnapshot<S, I>, into new: DiffableDataSourceSnapshot<S, I>) -> Bool {
        let oldSections = old.sectionIdentifiers
        let newSections = new.sectionIdentifiers
        func inRange(_ index: Int, _ sections: [S]) -> Bool { index >= 0 && index < sections.count }
        func count(_ snapshot: DiffableDataSourceSnapshot<S, I>, _ sections: [S], _ index: Int) -> Int {
            snapshot.numberOfItems(inSection: sections[index])
        }
        func inRange(_ path: ItemPath, _ snapshot: DiffableDataSourceSnapshot<S, I>, _ sections: [S]) -> Bool {
            inRange(path.section, sections) && path.item >= 0 && path.item < count(snapshot, sections, path.section)
        }

        let oldSectionIndexes = sectionDeletes + sectionReloads + sectionMoves.map(\.from)
        let newSectionIndexes = sectionInserts + sectionMoves.map(\.to)
        guard oldSectionIndexes.allSatisfy({ inRange($0, oldSections) }),
              newSectionIndexes.allSatisfy({ inRange($0, newSections) }),
              oldSections.count - sectionDeletes.count + sectionInserts.count == newSections.count
        else { return false }

        let oldPaths = itemDeletes + itemReloads + itemMoves.map(\.from)
        let newPaths = itemInserts + itemReconfigures + itemMoves.map(\.to)
        guard oldPaths.allSatisfy({ inRange($0, old, oldSections) }),
              newPaths.allSatisfy({ inRange($0, new, newSections) })
        else { return false }

        // Items come and go with deleted, inserted and reloaded sections; item moves keep the
        // total; item deletes and inserts change it by one each.
        var expected = old.numberOfItems - itemDeletes.count + itemInserts.count
        for index in sectionDeletes { expected -= count(old, oldSections, index) }
        for index in sectionInserts { expected += count(new, newSections, index) }
        for index in sectionReloads {
            expected -= count(old, oldSections, index)
            if let newIndex = new.indexOfSection(oldSections[index]) { expected += count(new, newSections, newIndex) }
        }
        guard expected == new.numberOfItems else { return false }

        return itemMoves.allSatisfy { move in
            old.listItem(at: move.from) == new.listItem(at: move.to)
        }
    }
}
