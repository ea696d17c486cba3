/// The single, UIKit-style batch update that turns one snapshot into another.
///
/// A batch update lists section and item operations the way `performBatchUpdates(_:)` consumes
/// them: deletes, reloads and move sources address the *old* snapshot; inserts, move
/// destinations and reconfigures address the *new* one. Create one with
/// ``init(from:to:)``, which computes the difference with few moves, and check any batch update
/// against two snapshots with ``validate(from:to:)``.
///
/// ```swift
/// var old = DiffableDataSourceSnapshot<String, Int>()
/// old.appendSections(["main"])
/// old.appendItems([1, 2, 3])
/// var new = old
/// new.deleteItems([2])
/// new.appendItems([4])
/// let update = BatchUpdate(from: old, to: new)
/// // update.itemDeletes == [ItemPath(section: 0, item: 1)]
/// // update.itemInserts == [ItemPath(section: 0, item: 2)]
/// ```
///
/// Every list is sorted ascending (moves by their source), so two updates describing the same
/// change compare equal.
///
/// The rules an update obeys are listed in <doc:BatchUpdateRules>.
public struct BatchUpdate: Equatable, Sendable {
    /// A move of a section or an item from an index in the old snapshot to one in the new snapshot.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        /// The index in the old snapshot.
        public var from: Index
        /// The index in the new snapshot.
        public var to: Index

        /// Creates a move from `from` (old snapshot) to `to` (new snapshot).
        @inlinable
        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    /// Indexes, in the old snapshot, of the sections deleted.
    public var sectionDeletes: [Int]
    /// Indexes, in the new snapshot, of the sections inserted.
    public var sectionInserts: [Int]
    /// Sections moved, from their old index to their new index.
    public var sectionMoves: [Move<Int>]
    /// Indexes, in the old snapshot, of the sections reloaded.
    public var sectionReloads: [Int]
    /// Paths, in the old snapshot, of the items deleted.
    public var itemDeletes: [ItemPath]
    /// Paths, in the new snapshot, of the items inserted.
    public var itemInserts: [ItemPath]
    /// Items moved, from their old path to their new path.
    public var itemMoves: [Move<ItemPath>]
    /// Paths, in the old snapshot, of the items reloaded (their cells are replaced).
    public var itemReloads: [ItemPath]
    /// Paths, in the new snapshot, of the items reconfigured (their cells are kept and updated).
    public var itemReconfigures: [ItemPath]

    /// Creates a batch update from explicit operations; every list defaults to empty.
    ///
    /// Nothing is checked here: use ``validate(from:to:)`` to check an update you assembled.
    @inlinable
    public init(
        sectionDeletes: [Int] = [],
        sectionInserts: [Int] = [],
        sectionMoves: [Move<Int>] = [],
        sectionReloads: [Int] = [],
        itemDeletes: [ItemPath] = [],
        itemInserts: [ItemPath] = [],
        itemMoves: [Move<ItemPath>] = [],
        itemReloads: [ItemPath] = [],
        itemReconfigures: [ItemPath] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionReloads = sectionReloads
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemReloads = itemReloads
        self.itemReconfigures = itemReconfigures
    }

    /// Whether the update changes nothing: every list is empty.
    @inlinable
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
            && sectionReloads.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
            && itemMoves.isEmpty && itemReloads.isEmpty && itemReconfigures.isEmpty
    }
}
