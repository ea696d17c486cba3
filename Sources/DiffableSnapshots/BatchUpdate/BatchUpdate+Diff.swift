extension BatchUpdate {
    /// Computes the single batch update that turns `old` into `new`.
    ///
    /// The update passes ``validate(from:to:)``, keeps every section and item present in both
    /// snapshots (moving it rather than deleting and inserting it), and moves as few as possible:
    /// an element that only shifts because others were inserted, deleted or moved is not a move.
    /// Marks set on `new` with `reloadItems(_:)`, `reconfigureItems(_:)` and `reloadSections(_:)`
    /// become reloads and reconfigures. <doc:BatchUpdateRules> says exactly how each change is
    /// represented.
    ///
    /// ```swift
    /// let update = BatchUpdate(from: shownSnapshot, to: newSnapshot)
    /// print(update)  // e.g. "D(0,3) I(1,2) M(0,1→1,0) C(1,4)"
    /// ```
    ///
    /// - Complexity: Expected O(*n*) in the number of items of the sections whose items changed,
    ///   plus O(*m* log *m*) for the *m* items out of order. Sections whose item arrays share
    ///   storage with the old snapshot's (as after copying a snapshot and changing other
    ///   sections) cost O(1); other unchanged sections cost one `==` per item. Each new item of a
    ///   changed region is hashed once, against the old snapshot's index (old items are not
    ///   hashed); items marked for reload or reconfigure are looked up once more.
    @inlinable
    public init<SectionIdentifierType, ItemIdentifierType>(
        from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) {
        var differ = SnapshotDiffer(old: old, new: new)
        self = differ.batchUpdate()
    }
}
