public import DiffableSnapshots

/// One step of a ``SnapshotComposer``: the composed list after a change, the list before it, and
/// the batch update between the two, ready for a data source's known-update path.
///
/// ```swift
/// for await composition in composer.compositions() {
///     try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
///                                from: composition.previousSnapshot)
/// }
/// ```
///
/// Compositions come in order, one per change, numbered by ``generation`` without gaps; each
/// one's ``previousSnapshot`` is the previous one's ``snapshot``.
public struct SnapshotComposition<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The composed list: every slot's sections, in slot order. Items whose content changed in
    /// this step (a controller's marked objects, a changed decoration) are marked with
    /// `reconfigureItems` (or `reloadItems` where the source reloads them).
    public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The composed list before this step (the previous composition's ``snapshot``; empty for
    /// the first composition).
    public var previousSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The batch update from ``previousSnapshot`` to ``snapshot``; it passes
    /// `BatchUpdate.validate(from:to:)`.
    public var batchUpdate: BatchUpdate
    /// 1 for the first composition, one more for each after it.
    public var generation: Int
    /// The slots whose content changed in this step: one slot, or none for a step that only
    /// reconfigures items whose decoration changed.
    public var changedSlots: [ComposerSlot]

    /// A composition with the given parts.
    public init(snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, previousSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, batchUpdate: BatchUpdate, generation: Int, changedSlots: [ComposerSlot]) {
        self.snapshot = snapshot
        self.previousSnapshot = previousSnapshot
        self.batchUpdate = batchUpdate
        self.generation = generation
        self.changedSlots = changedSlots
    }
}
