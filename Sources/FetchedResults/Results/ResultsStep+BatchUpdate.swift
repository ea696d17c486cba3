import DiffableSnapshots
import ObjectStore

extension ResultsStep {
    /// The section names before and after the step, and which of them outlive it.
    private struct SectionSurvival {
        let oldSections: [String]
        let newSections: [String]
        /// Whether each old section is still there after the step, by old index.
        let oldSurvives: [Bool]
        /// Whether each new section was there before the step, by new index.
        let newSurvives: [Bool]
    }

    /// The batch update of the step, from what it removed, placed and marked, without looking at
    /// the items it did not touch.
    ///
    /// Sections are deleted and inserted by name (they never reorder: the first sort key orders
    /// them). An object placed in the section it left stays where it was (no move) when no
    /// untouched object passed it and it keeps its order among the objects that stayed with it
    /// (one longest increasing subsequence of them); objects the step did not touch never move.
    /// An item that enters or leaves with a whole section needs no item operation.
    ///
    /// - Parameters:
    ///   - oldSections, newSections: The section names before and after the step.
    ///   - updatedNewPaths: The new path of each of ``updates``, in the same order.
    ///   - marking: How marked items appear: reconfigured at their new paths, or reloaded (an item
    ///     that moved is then deleted and inserted).
    /// - Complexity: O(*k* log *k* + *s*) for *k* touched objects and *s* sections. Specialised
    ///   for `ObjectID` items, as the controller's snapshot edits are.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    func batchUpdate(oldSections: [String], newSections: [String], updatedNewPaths: [ItemPath], marking: FetchedResultsUpdateMarking) -> BatchUpdate {
        var update = BatchUpdate()
        let sections = changeSections(from: oldSections, to: newSections, in: &update)
        let markedItems = Set(marked)
        let candidates = placeItems(sections, markedItems: markedItems, marking: marking, in: &update)
        for (stayed, newPath) in zip(updates, updatedNewPaths) {
            appendRefresh(oldPath: stayed.oldPath, newPath: newPath, marking: marking, to: &update)
        }
        forEachStaying(candidates) { placement, stays in
            let isMarked = markedItems.contains(placement.itemIdentifier)
            if stays {
                if isMarked { appendRefresh(oldPath: placement.oldPath!, newPath: placement.newPath, marking: marking, to: &update) }
            } else {
                appendMove(placement, marked: isMarked, to: &update, marking: marking)
            }
        }
        update.itemDeletes.sort()
        update.itemInserts.sort()
        update.itemMoves.sort { $0.from < $1.from }
        update.itemReloads.sort()
        update.itemReconfigures.sort()
        return update
    }

    /// Deletes the sections only `oldSections` names and inserts those only `newSections` names;
    /// hands on which sections survive.
    private func changeSections(from oldSections: [String], to newSections: [String], in update: inout BatchUpdate) -> SectionSurvival {
        var newIndexByName: [String: Int] = [:]
        for (index, name) in newSections.enumerated() { newIndexByName[name] = index }
        var oldIndexByName: [String: Int] = [:]
        for (index, name) in oldSections.enumerated() {
            oldIndexByName[name] = index
            if newIndexByName[name] == nil { update.sectionDeletes.append(index) }
        }
        for (index, name) in newSections.enumerated() where oldIndexByName[name] == nil {
            update.sectionInserts.append(index)
        }
        return SectionSurvival(
            oldSections: oldSections,
            newSections: newSections,
            oldSurvives: oldSections.map { newIndexByName[$0] != nil },
            newSurvives: newSections.map { oldIndexByName[$0] != nil }
        )
    }

    /// Deletes the items removed from surviving sections, inserts those placed in them, and
    /// moves those placed from one surviving section to another (an item leaving or entering
    /// with its whole section needs nothing); hands on the objects placed in the section they
    /// left, which may stay.
    private func placeItems(_ sections: SectionSurvival, markedItems: Set<ItemIdentifierType>, marking: FetchedResultsUpdateMarking, in update: inout BatchUpdate) -> [Placement] {
        for removal in deletes where sections.oldSurvives[removal.oldPath.section] {
            update.itemDeletes.append(removal.oldPath)
        }
        // Objects placed within one surviving section may stay; across sections they move.
        var candidates: [Placement] = []
        for placement in placements {
            let newPath = placement.newPath
            guard let oldPath = placement.oldPath else {
                if sections.newSurvives[newPath.section] { update.itemInserts.append(newPath) }
                continue
            }
            switch (sections.oldSurvives[oldPath.section], sections.newSurvives[newPath.section]) {
            case (true, true):
                if sections.oldSections[oldPath.section] == sections.newSections[newPath.section] {
                    candidates.append(placement)
                } else {
                    appendMove(placement, marked: markedItems.contains(placement.itemIdentifier), to: &update, marking: marking)
                }
            case (true, false): update.itemDeletes.append(oldPath)
            case (false, true): update.itemInserts.append(newPath)
            case (false, false): break
            }
        }
        return candidates
    }

    /// Marks an item that stays: reconfigured at its new path, or reloaded at its old one.
    private func appendRefresh(oldPath: ItemPath, newPath: ItemPath, marking: FetchedResultsUpdateMarking, to update: inout BatchUpdate) {
        switch marking {
        case .reconfigure: update.itemReconfigures.append(newPath)
        case .reload: update.itemReloads.append(oldPath)
        case .none: break
        }
    }

    /// A move between surviving sections; a marked item to reload is deleted and inserted instead.
    private func appendMove(_ placement: Placement, marked: Bool, to update: inout BatchUpdate, marking: FetchedResultsUpdateMarking) {
        let oldPath = placement.oldPath!
        if marked && marking == .reload {
            update.itemDeletes.append(oldPath)
            update.itemInserts.append(placement.newPath)
            return
        }
        update.itemMoves.append(.init(from: oldPath, to: placement.newPath))
        if marked && marking == .reconfigure { update.itemReconfigures.append(placement.newPath) }
    }

    /// Calls `body` for each object placed in the section it left, saying whether it can stay:
    /// as many as can without an untouched object passing them or two of them crossing.
    ///
    /// An object stays only if as many untouched objects precede it before the step as after it
    /// (it sits in the same gap between untouched objects); among the objects of one gap, those
    /// outside one longest increasing run of old positions (taken in new order) move.
    private func forEachStaying(_ candidates: [Placement], _ body: (Placement, Bool) -> Void) {
        guard !candidates.isEmpty else { return }
        // Per section (by old index and new index): the touched positions, sorted.
        var touchedOld: [Int: [Int]] = [:]
        var touchedNew: [Int: [Int]] = [:]
        for removal in deletes { touchedOld[removal.oldPath.section, default: []].append(removal.oldPath.item) }
        for placement in placements {
            if let oldPath = placement.oldPath { touchedOld[oldPath.section, default: []].append(oldPath.item) }
            touchedNew[placement.newPath.section, default: []].append(placement.newPath.item)
        }
        for key in touchedOld.keys { touchedOld[key]!.sort() }
        for key in touchedNew.keys { touchedNew[key]!.sort() }
        func before(_ position: Int, in sorted: [Int]) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < position { low = middle + 1 } else { high = middle }
            }
            return low
        }
        // Per new section, per number of untouched objects before: the objects that can stay.
        var gaps: [Int: [Int: [Placement]]] = [:]
        for placement in candidates {
            let oldPath = placement.oldPath!, newPath = placement.newPath
            let untouchedBefore = oldPath.item - before(oldPath.item, in: touchedOld[oldPath.section]!)
            guard untouchedBefore == newPath.item - before(newPath.item, in: touchedNew[newPath.section]!) else {
                body(placement, false)
                continue
            }
            gaps[newPath.section, default: [:]][untouchedBefore, default: []].append(placement)
        }
        for var group in gaps.values.lazy.flatMap(\.values) {
            guard group.count > 1 else {
                body(group[0], true)
                continue
            }
            group.sort { $0.newPath.item < $1.newPath.item }
            var moves = [Bool](repeating: false, count: group.count)
            forEachOutsideLongestIncreasingSubsequence(group.map { Int32(truncatingIfNeeded: $0.oldPath!.item) }) { moves[$0] = true }
            for (placement, moves) in zip(group, moves) { body(placement, !moves) }
        }
    }
}
