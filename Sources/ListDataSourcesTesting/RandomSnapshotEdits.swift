public import DiffableSnapshots
import SeededRandom

/// A seeded source of snapshots and of random edits to them, as a list's data goes through
/// them: items inserted, deleted and moved within and across sections, sections inserted,
/// deleted and moved, items marked for reload or reconfigure.
///
/// Use it to drive a view through many updates in a test; the same seed gives the same
/// snapshots.
///
/// ```swift
/// var edits = RandomSnapshotEdits(seed: 42)
/// var snapshot = edits.start()
/// for _ in 0..<100 {
///     snapshot = edits.edited(snapshot)
///     try await dataSource.apply(snapshot)
/// }
/// ```
///
/// Identifiers come from small spaces (sections 0 to 7, items 0 to 399, mapped to your types),
/// so that deleted identifiers come back. Every snapshot keeps at least one section.
public struct RandomSnapshotEdits<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The snapshot type made.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    static var itemSpace: Int { 400 }
    static var sectionSpace: Int { 8 }

    private var random: SplitMix64
    private let sections: [SectionIdentifierType]
    private let items: [ItemIdentifierType]

    /// Edits made from `seed`, with section `n` identified by `section(n)` and item `n` by
    /// `item(n)`; both must give distinct identifiers for distinct numbers.
    public init(
        seed: UInt64,
        section: (Int) -> SectionIdentifierType,
        item: (Int) -> ItemIdentifierType
    ) {
        random = SplitMix64(seed: seed)
        sections = (0..<Self.sectionSpace).map(section)
        items = (0..<Self.itemSpace).map(item)
    }

    /// A snapshot of 1 to 4 sections holding 0 to 12 items each.
    public mutating func start() -> Snapshot {
        var snapshot = Snapshot()
        var next = 0
        for section in sections.prefix(Int.random(in: 1...4, using: &random)) {
            let count = Int.random(in: 0...12, using: &random)
            snapshot.appendSections([section])
            snapshot.appendItems(Array(items[next..<(next + count)]), toSection: section)
            next += count
        }
        return snapshot
    }

    /// `snapshot` after 1 to `maximumEdits` random edits.
    public mutating func edited(_ snapshot: Snapshot, maximumEdits: Int = 6) -> Snapshot {
        var new = snapshot
        for _ in 0..<Int.random(in: 1...max(1, maximumEdits), using: &random) {
            edit(&new)
        }
        return new
    }

    private mutating func edit(_ snapshot: inout Snapshot) {
        let shownSections = snapshot.sectionIdentifiers
        let shownItems = snapshot.itemIdentifiers
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where shownSections.count > 1:
            snapshot.deleteSections([shownSections.randomElement(using: &random)!])
        case 1, 2:
            guard let section = sections.filter({ snapshot.indexOfSection($0) == nil }).randomElement(using: &random) else { return }
            snapshot.insertSections([section], beforeSection: shownSections.randomElement(using: &random)!)
        case 3 where shownSections.count > 1:
            let moved = shownSections.randomElement(using: &random)!
            let anchor = shownSections.randomElement(using: &random)!
            if moved != anchor { snapshot.moveSection(moved, afterSection: anchor) }
        case 4, 5, 6:
            let section = shownSections.randomElement(using: &random)!
            let fresh = items.filter { snapshot.indexOfItem($0) == nil }.shuffled(using: &random)
            let added = Array(fresh.prefix(Int.random(in: 1...4, using: &random)))
            if let anchor = snapshot.itemIdentifiers(inSection: section).randomElement(using: &random) {
                snapshot.insertItems(added, beforeItem: anchor)
            } else {
                snapshot.appendItems(added, toSection: section)
            }
        case 7 where !shownItems.isEmpty, 8 where !shownItems.isEmpty:
            snapshot.deleteItems(Array(shownItems.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))))
        case 9 where shownItems.count > 1:
            let moved = shownItems.randomElement(using: &random)!
            let anchor = shownItems.randomElement(using: &random)!
            if moved != anchor { snapshot.moveItem(moved, beforeItem: anchor) }
        case 10 where !shownItems.isEmpty:
            snapshot.reconfigureItems([shownItems.randomElement(using: &random)!])
        case 11 where !shownItems.isEmpty:
            snapshot.reloadItems([shownItems.randomElement(using: &random)!])
        default:
            break
        }
    }
}

extension RandomSnapshotEdits where SectionIdentifierType == String, ItemIdentifierType == Int {
    /// Edits made from `seed`, with sections `s0` to `s7` and items 0 to 399.
    public init(seed: UInt64) {
        self.init(seed: seed, section: { "s\($0)" }, item: { $0 })
    }
}
