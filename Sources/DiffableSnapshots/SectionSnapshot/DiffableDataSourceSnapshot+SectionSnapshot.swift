extension DiffableDataSourceSnapshot {
    /// Makes a section show a section snapshot: the section's items become exactly the section
    /// snapshot's ``DiffableDataSourceSectionSnapshot/visibleItems``, in order, as Apple's data
    /// source does when it applies a section snapshot to a section.
    ///
    /// ```swift
    /// var outline = DiffableDataSourceSectionSnapshot<String>()
    /// outline.append(["Football"])
    /// outline.append(["Premier League", "La Liga"], to: "Football")
    /// outline.expand(["Football"])
    /// snapshot.replaceItems(inSection: "Sports", with: outline)
    /// snapshot.itemIdentifiers(inSection: "Sports")  // ["Football", "Premier League", "La Liga"]
    /// ```
    ///
    /// The section is appended at the end if the snapshot does not have it yet. Items that stay
    /// in the section keep their reload and reconfigure marks; items that leave it lose them. A
    /// full snapshot keeps no hierarchy: keep the section snapshot to update the outline later.
    ///
    /// - Precondition: No visible item of `sectionSnapshot` is in another section of this
    ///   snapshot.
    /// - Complexity: O(*k* log *k* + *v*) on average for a section of *k* items and *v* visible
    ///   items, plus O(*s*) in the number of sections, plus O(*m* · *d*) for the *m* reload and
    ///   reconfigure marks of the snapshot at outline depth *d*; O(*v*) when the section already
    ///   shows exactly those items.
    @inlinable
    public mutating func replaceItems(
        inSection section: SectionIdentifierType,
        with sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
        let visible = sectionSnapshot.visibleItems
        guard indexOfSection(section) != nil else {
            appendSections([section])
            appendItems(visible, toSection: section)
            return
        }
        let current = itemIdentifiers(inSection: section)
        guard current != visible else { return }
        func staying(_ marked: [ItemIdentifierType]) -> [ItemIdentifierType] {
            marked.filter { sectionIdentifier(containingItem: $0) == section && sectionSnapshot.isVisible($0) }
        }
        let reloaded = staying(reloadedItemIdentifiers)
        let reconfigured = staying(reconfiguredItemIdentifiers)
        deleteItems(current)
        appendItems(visible, toSection: section)
        reloadItems(reloaded)
        reconfigureItems(reconfigured)
    }
}
