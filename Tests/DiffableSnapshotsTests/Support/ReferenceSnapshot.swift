import DiffableSnapshots

/// A deliberately naive snapshot: arrays searched linearly. The real one must agree with it.
///
/// Shared by the model tests and the snapshot fuzz target (which compiles this file), so it
/// uses the public API only.
struct ReferenceSnapshot {
    var sections: [(id: Int, items: [Int])] = []
    var reloadedItems: Set<Int> = []
    var reconfiguredItems: Set<Int> = []
    var reloadedSections: Set<Int> = []

    var allItems: [Int] { sections.flatMap(\.items) }

    func location(of item: Int) -> (section: Int, offset: Int)? {
        for (index, section) in sections.enumerated() {
            if let offset = section.items.firstIndex(of: item) { return (index, offset) }
        }
        return nil
    }

    func position(of section: Int) -> Int? { sections.firstIndex { $0.id == section } }

    /// Moves `item` just after (or before) `anchor`, as `moveItem(_:afterItem:)` and
    /// `moveItem(_:beforeItem:)` do; moving an item next to itself changes nothing.
    mutating func moveItem(_ item: Int, nextTo anchor: Int, after: Bool) {
        guard item != anchor, let (from, offset) = location(of: item) else { return }
        sections[from].items.remove(at: offset)
        guard let (to, anchorOffset) = location(of: anchor) else { return }
        sections[to].items.insert(item, at: anchorOffset + (after ? 1 : 0))
    }

    mutating func forget(items: [Int]) {
        reloadedItems.subtract(items)
        reconfiguredItems.subtract(items)
    }

    /// What `snapshot` gets wrong about this model (through every query of the public API), or
    /// nil when it agrees.
    func disagreement(with snapshot: DiffableDataSourceSnapshot<Int, Int>) -> String? {
        let items = allItems
        guard snapshot.sectionIdentifiers == sections.map(\.id),
              snapshot.itemIdentifiers == items,
              snapshot.numberOfItems == items.count,
              snapshot.numberOfSections == sections.count
        else { return "the identifiers or counts differ" }
        guard Set(snapshot.reloadedItemIdentifiers) == reloadedItems,
              Set(snapshot.reconfiguredItemIdentifiers) == reconfiguredItems,
              Set(snapshot.reloadedSectionIdentifiers) == reloadedSections
        else { return "the reload or reconfigure marks differ" }
        for (position, section) in sections.enumerated() {
            guard snapshot.itemIdentifiers(inSection: section.id) == section.items,
                  snapshot.numberOfItems(inSection: section.id) == section.items.count,
                  snapshot.indexOfSection(section.id) == position
            else { return "section \(section.id) differs" }
        }
        for (index, item) in items.enumerated() {
            guard snapshot.indexOfItem(item) == index,
                  snapshot.sectionIdentifier(containingItem: item) == sections[location(of: item)!.section].id
            else { return "item \(item) differs" }
        }
        return nil
    }
}
