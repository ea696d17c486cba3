public import DiffableSnapshots

/// What a reordering did: the snapshots before and after it, and the difference between their
/// items.
///
/// A data source hands one to its ``DiffableDataSource/ReorderingHandlers/willReorder`` and
/// ``DiffableDataSource/ReorderingHandlers/didReorder`` handlers, as UIKit's diffable data source
/// hands an `NSDiffableDataSourceTransaction`. Update your own store from it:
///
/// ```swift
/// dataSource.reorderingHandlers.didReorder = { transaction in
///     favourites.update { items in      // your store, safe to call from any thread
///         if let reordered = items.applying(transaction.difference) { items = reordered }
///     }
/// }
/// ```
public struct DiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the reordering.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after the reordering.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The difference from the items of ``initialSnapshot`` to those of ``finalSnapshot``, all
    /// sections in order: applying it to `initialSnapshot.itemIdentifiers` gives
    /// `finalSnapshot.itemIdentifiers`. A moved item is a removal and an insertion associated
    /// with each other.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One transaction per section whose items changed.
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// What a reordering did to one section: its items before and after, and the difference.
public struct DiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's items before the reordering.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's items after the reordering.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The difference from the section's items before to its items after.
    public let difference: CollectionDifference<ItemIdentifierType>
}
