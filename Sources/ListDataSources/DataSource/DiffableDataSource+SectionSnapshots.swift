public import DiffableSnapshots

extension DiffableDataSource {
    /// Makes one section show a section snapshot, with one batch update on the view.
    ///
    /// The section shows the section snapshot's `visibleItems`, in order; the other sections
    /// are left as they are. A section the view does not show yet is appended. The section
    /// snapshot is kept, so ``snapshot(for:)`` returns it, expansion state included, for as long
    /// as the section shows what it made it show.
    ///
    /// ```swift
    /// var outline = DiffableDataSourceSectionSnapshot<String>()
    /// outline.append(["Football"])
    /// outline.append(["Premier League", "La Liga"], to: "Football")
    /// outline.expand(["Football"])
    /// try await dataSource.apply(outline, to: "Sports")
    /// ```
    ///
    /// - Parameters:
    ///   - sectionSnapshot: The items the section is to show.
    ///   - section: The section to change.
    ///   - animatingDifferences: Whether the view should animate the change.
    ///   - isolation: The actor the call starts from, which keeps calls from one actor in order.
    /// - Returns: How the view was brought to the new state.
    /// - Throws: A ``DiffableDataSourceError`` when a provider or the view fails; the view and
    ///   the data source then keep the last snapshot applied.
    @discardableResult
    public func apply(
        _ sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
        to section: SectionIdentifierType,
        animatingDifferences: Bool = true,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DiffableDataSourceError) -> ApplyMethod {
        try await run(isolation: isolation) { () throws(DiffableDataSourceError) in
            var new = self.snapshot()
            new.replaceItems(inSection: section, with: sectionSnapshot)
            let method = try self.show(new, known: nil, reloading: false, animated: animatingDifferences)
            let outline = Outline(sectionSnapshot: sectionSnapshot, items: new.itemIdentifiers(inSection: section))
            self.state.withLock { state in
                state.outlines = state.outlines.filter { new.indexOfSection($0.key) != nil }
                state.outlines[section] = outline
            }
            return method
        }
    }

    /// The items of one section of the snapshot shown, as a section snapshot.
    ///
    /// When the section shows what a section snapshot applied with
    /// ``apply(_:to:animatingDifferences:isolation:)`` made it show, that section snapshot is
    /// returned, with its hierarchy and expansion state; otherwise the section's items as a flat
    /// section snapshot. A section that is not shown gives an empty section snapshot.
    ///
    /// - Complexity: O(1) for a kept section snapshot whose section was not changed since;
    ///   otherwise O(*k*) for a section of *k* items.
    public func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        let (current, outline) = state.withLock { ($0.current, $0.outlines[section]) }
        guard current.indexOfSection(section) != nil else { return DiffableDataSourceSectionSnapshot() }
        let items = current.itemIdentifiers(inSection: section)
        if let outline, outline.items == items { return outline.sectionSnapshot }
        return DiffableDataSourceSectionSnapshot(items)
    }
}
