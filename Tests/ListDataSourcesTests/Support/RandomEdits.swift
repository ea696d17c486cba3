import DiffableSnapshots

/// Random edits of a snapshot, as a list's data goes through them: items inserted, deleted and
/// moved within and across sections, sections inserted, deleted and moved, items marked.
///
/// Items are drawn from `0..<itemSpace` and sections from `s0`…`s7`, so identifiers come back.
struct RandomEdits {
    static let itemSpace = 400
    static let sectionSpace = 8

    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `snapshot` after 1 to `maximum` random edits.
    mutating func edited(_ snapshot: TestSnapshot, maximum: Int = 6) -> TestSnapshot {
        var new = snapshot
        for _ in 0..<Int.random(in: 1...maximum, using: &random) {
            edit(&new)
        }
        return new
    }

    private mutating func edit(_ snapshot: inout TestSnapshot) {
        let sections = snapshot.sectionIdentifiers
        let items = snapshot.itemIdentifiers
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where sections.count > 1:
            snapshot.deleteSections([sections.randomElement(using: &random)!])
        case 1, 2:
            let free = (0..<Self.sectionSpace).map { "s\($0)" }.filter { snapshot.indexOfSection($0) == nil }
            guard let section = free.randomElement(using: &random) else { return }
            if let anchor = sections.randomElement(using: &random) {
                snapshot.insertSections([section], beforeSection: anchor)
            } else {
                snapshot.appendSections([section])
            }
        case 3 where sections.count > 1:
            let moved = sections.randomElement(using: &random)!
            let anchor = sections.randomElement(using: &random)!
            if moved != anchor { snapshot.moveSection(moved, afterSection: anchor) }
        case 4, 5, 6:
            guard let section = sections.randomElement(using: &random) else { return }
            let fresh = (0..<Self.itemSpace).filter { snapshot.indexOfItem($0) == nil }.shuffled(using: &random)
            let count = Int.random(in: 1...4, using: &random)
            let inSection = snapshot.itemIdentifiers(inSection: section)
            if let anchor = inSection.randomElement(using: &random) {
                snapshot.insertItems(Array(fresh.prefix(count)), beforeItem: anchor)
            } else {
                snapshot.appendItems(Array(fresh.prefix(count)), toSection: section)
            }
        case 7 where !items.isEmpty, 8 where !items.isEmpty:
            snapshot.deleteItems(Array(items.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))))
        case 9 where items.count > 1:
            let moved = items.randomElement(using: &random)!
            let anchor = items.randomElement(using: &random)!
            if moved != anchor { snapshot.moveItem(moved, beforeItem: anchor) }
        case 10 where !items.isEmpty:
            snapshot.reconfigureItems([items.randomElement(using: &random)!])
        case 11 where !items.isEmpty:
            snapshot.reloadItems([items.randomElement(using: &random)!])
        default:
            break
        }
    }

    /// A snapshot of 1 to 4 sections holding 0 to 12 items each.
    mutating func start() -> TestSnapshot {
        var snapshot = TestSnapshot()
        var next = 0
        for section in 0..<Int.random(in: 1...4, using: &random) {
            let count = Int.random(in: 0...12, using: &random)
            snapshot.appendSections(["s\(section)"])
            snapshot.appendItems(Array(next..<(next + count)), toSection: "s\(section)")
            next += count
        }
        return snapshot
    }
}
