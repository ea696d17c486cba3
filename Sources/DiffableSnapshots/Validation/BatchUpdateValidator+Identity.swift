extension BatchUpdateValidator {
    // MARK: Rule 5: identity

    /// Checks that every moved, kept and reloaded section lands on its own identifier.
    /// Requires balanced section counts.
    @inlinable
    mutating func checkSectionIdentities(_ sections: SectionPlan) throws(BatchUpdateError) {
        for move in update.sectionMoves {
            let expected = oldSections[move.from]
            let found = newSections[move.to]
            if expected != found {
                try report(
                    .movedSectionIdentityMismatch(
                        from: move.from, to: move.to, expected: Self.describe(expected), found: Self.describe(found)
                    )
                )
            }
        }
        for target in newSections.indices where sections.roles[target] == .filled {
            let source = sections.sources[target]
            let expected = oldSections[source]
            let found = newSections[target]
            if expected != found {
                try report(
                    .sectionIdentityMismatch(
                        from: source, to: target, expected: Self.describe(expected), found: Self.describe(found)
                    )
                )
            }
        }
    }

    /// Checks that every moved, kept and reloaded item lands on its own identifier, and returns
    /// where reloaded items land (new path to old path) when the update also reconfigures items.
    /// Requires balanced item counts.
    @inlinable
    mutating func checkItemIdentities(
        _ sections: SectionPlan,
        _ items: ItemPlan
    ) throws(BatchUpdateError) -> [ItemPath: ItemPath] {
        for move in update.itemMoves {
            let expected = oldItems[move.from.section][move.from.item]
            let found = newItems[move.to.section][move.to.item]
            if expected != found {
                try report(
                    .movedItemIdentityMismatch(
                        from: move.from, to: move.to, expected: Self.describe(expected), found: Self.describe(found)
                    )
                )
            }
        }
        let recordsLandings = !update.itemReloads.isEmpty && !update.itemReconfigures.isEmpty
        var landings: [ItemPath: ItemPath] = [:]
        for target in newSections.indices {
            guard let source = sections.survivingSource(ofNew: target) else { continue }
            try checkKeptItems(from: source, to: target, items, recordsLandings: recordsLandings, into: &landings)
        }
        return landings
    }

    /// Walks a surviving section: its kept and reloaded items, in order, fill the new positions
    /// that are neither inserted nor move destinations.
    ///
    /// - Complexity: O(1) when no operation touches the section and both snapshots share its
    ///   item storage; otherwise O(*k*) in its size.
    @inlinable
    mutating func checkKeptItems(
        from source: Int,
        to target: Int,
        _ items: ItemPlan,
        recordsLandings: Bool,
        into landings: inout [ItemPath: ItemPath]
    ) throws(BatchUpdateError) {
        let oldList = oldItems[source]
        let newList = newItems[target]
        var nextRemoved = items.removedStarts[source]
        let endRemoved = items.removedStarts[source + 1]
        var nextAdded = items.addedStarts[target]
        let endAdded = items.addedStarts[target + 1]
        var nextReloaded = items.reloadedStarts[source]
        let endReloaded = recordsLandings ? items.reloadedStarts[source + 1] : nextReloaded
        if nextRemoved == endRemoved, nextAdded == endAdded, nextReloaded == endReloaded, oldList == newList {
            return
        }
        var oldOffset = 0
        var newOffset = 0
        while true {
            while nextRemoved < endRemoved, items.removed[nextRemoved].item == oldOffset {
                oldOffset += 1
                nextRemoved += 1
            }
            while nextAdded < endAdded, items.added[nextAdded].item == newOffset {
                newOffset += 1
                nextAdded += 1
            }
            guard oldOffset < oldList.count, newOffset < newList.count else { return }
            let from = ItemPath(section: source, item: oldOffset)
            let to = ItemPath(section: target, item: newOffset)
            if oldList[oldOffset] != newList[newOffset] {
                try report(
                    .itemIdentityMismatch(
                        from: from, to: to,
                        expected: Self.describe(oldList[oldOffset]), found: Self.describe(newList[newOffset])
                    )
                )
            }
            if nextReloaded < endReloaded, items.reloaded[nextReloaded].item == oldOffset {
                landings[to] = from
                nextReloaded += 1
            }
            oldOffset += 1
            newOffset += 1
        }
    }

    // MARK: Rule 6: refreshes

    /// Checks that reloaded items are in the new snapshot, and that reconfigured items are in the
    /// old snapshot and not reloaded.
    @inlinable
    mutating func checkRefreshes(_ reloadLandings: [ItemPath: ItemPath]) throws(BatchUpdateError) {
        for path in update.itemReloads {
            let item = oldItems[path.section][path.item]
            if new.indexOfItem(item) == nil {
                try report(.reloadedItemNotInNewSnapshot(path: path, item: Self.describe(item)))
            }
        }
        for path in update.itemReconfigures {
            let item = newItems[path.section][path.item]
            if old.indexOfItem(item) == nil {
                try report(.reconfiguredItemNotInOldSnapshot(path: path, item: Self.describe(item)))
            }
            if let reloadedPath = reloadLandings[path] {
                try report(.reconfiguredItemIsReloaded(path: path, reloadedPath: reloadedPath, item: Self.describe(item)))
            }
        }
    }

    @inlinable
    static func describe(_ identifier: some Any) -> String {
        String(reflecting: identifier)
    }
}
