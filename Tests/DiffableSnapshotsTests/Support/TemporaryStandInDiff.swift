// TEMPORARY, TEST-ONLY: DELETE THIS FILE once `BatchUpdate(from:to:)` exists in DiffableSnapshots.
//
// A stand-in for the real diff, so the round-trip tests compile and run before it lands. Its
// extra defaulted parameter makes the compiler prefer the real `init(from:to:)` as soon as that
// exists, so the tests never silently run against this one.

import DiffableSnapshots

/// Marks the stand-in diff's initializer; never passed explicitly.
struct StandInDiff {}

extension BatchUpdate {
    /// A plain, unoptimised diff following <doc:BatchUpdateRules> (minimal moves by longest
    /// increasing subsequence; reload-marked elements that move become delete + insert).
    init<S, I>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>, _: StandInDiff = StandInDiff()) {
        self.init()
        let (oldSections, oldItems) = layout(of: old)
        let (newSections, newItems) = layout(of: new)
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        let reloadedItems = Set(new.reloadedItemIdentifiers)
        let reconfiguredItems = Set(new.reconfiguredItemIdentifiers)

        // Sections.
        var surviving: [Int: Int] = [:]  // new index -> old index
        let common = newSections.indices.compactMap { target in old.indexOfSection(newSections[target]).map { (target, $0) } }
        let keptSections = Set(longestIncreasingSubsequence(common.map(\.1)).map { common[$0].0 })
        sectionDeletes = oldSections.indices.filter { new.indexOfSection(oldSections[$0]) == nil }
        sectionInserts = newSections.indices.filter { old.indexOfSection(newSections[$0]) == nil }
        for (target, source) in common {
            switch (keptSections.contains(target), reloadedSections.contains(newSections[target])) {
            case (true, true):
                sectionReloads.append(source)
            case (false, true):
                sectionDeletes.append(source)
                sectionInserts.append(target)
            case (true, false):
                surviving[target] = source
            case (false, false):
                sectionMoves.append(Move(from: source, to: target))
                surviving[target] = source
            }
        }
        let survivingOld = Set(surviving.values)

        // Items leaving surviving sections for good.
        for source in survivingOld {
            for (offset, item) in oldItems[source].enumerated() {
                guard let section = new.sectionIdentifier(containingItem: item),
                    let target = new.indexOfSection(section), surviving[target] != nil
                else {
                    itemDeletes.append(ItemPath(section: source, item: offset))
                    continue
                }
            }
        }
        // Items arriving in surviving sections.
        func oldPath(of item: I) -> ItemPath? {
            guard let section = old.sectionIdentifier(containingItem: item), let source = old.indexOfSection(section)
            else { return nil }
            return ItemPath(section: source, item: oldItems[source].firstIndex(of: item)!)
        }
        for (target, source) in surviving {
            var stayers: [(to: ItemPath, from: ItemPath)] = []
            for (offset, item) in newItems[target].enumerated() {
                let to = ItemPath(section: target, item: offset)
                guard let from = oldPath(of: item), survivingOld.contains(from.section) else {
                    itemInserts.append(to)
                    continue
                }
                if from.section == source {
                    stayers.append((to, from))
                } else {
                    place(item, from: from, to: to, kept: false, reloadedItems, reconfiguredItems)
                }
            }
            let kept = Set(longestIncreasingSubsequence(stayers.map(\.from.item)))
            for (position, stayer) in stayers.enumerated() {
                place(
                    newItems[target][stayer.to.item], from: stayer.from, to: stayer.to,
                    kept: kept.contains(position), reloadedItems, reconfiguredItems
                )
            }
        }
        sectionDeletes.sort()
        sectionInserts.sort()
        sectionMoves.sort { $0.from < $1.from }
        sectionReloads.sort()
        itemDeletes.sort()
        itemInserts.sort()
        itemMoves.sort { $0.from < $1.from }
        itemReloads.sort()
        itemReconfigures.sort()
    }

    private mutating func place<I>(
        _ item: I, from: ItemPath, to: ItemPath, kept: Bool, _ reloaded: Set<I>, _ reconfigured: Set<I>
    ) {
        switch (kept, reloaded.contains(item)) {
        case (true, true):
            itemReloads.append(from)
        case (false, true):
            itemDeletes.append(from)
            itemInserts.append(to)
        case (_, false):
            if !kept { itemMoves.append(Move(from: from, to: to)) }
            if reconfigured.contains(item) { itemReconfigures.append(to) }
        }
    }
}
