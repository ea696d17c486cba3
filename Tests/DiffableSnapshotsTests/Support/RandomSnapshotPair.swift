import DiffableSnapshots
import TestSupport

/// An old and a new snapshot to diff, made at random from a seed.
///
/// Identifiers come from a small space (sections `s0`…`s11`, items 0…255), so that deleted
/// identifiers come back elsewhere, items of deleted sections reappear in surviving ones, and
/// unrelated snapshots still share much.
struct RandomSnapshotPair: CustomStringConvertible {
    /// How the new snapshot relates to the old one.
    enum Kind: CaseIterable {
        /// Derived from the old one by random edits and marks.
        case derived
        /// Made independently of the old one.
        case unrelated
        /// One or both snapshots empty, or sections without items.
        case empty
        /// Every section and every item in reverse order.
        case reversed
        /// Every item moved to another section.
        case movedAcrossSections
    }

    static let sectionSpace = 12
    static let itemSpace = 256

    var seed: UInt64
    var kind: Kind
    var old: TestSnapshot
    var new: TestSnapshot

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        let roll = Int.random(in: 0..<100, using: &random)
        kind = switch roll {
        case ..<70: .derived
        case ..<80: .unrelated
        case ..<86: .empty
        case ..<93: .reversed
        default: .movedAcrossSections
        }
        old = Self.randomSnapshot(using: &random)
        switch kind {
        case .derived:
            new = Self.derived(from: old, using: &random)
        case .unrelated:
            new = Self.randomSnapshot(using: &random)
        case .empty:
            (old, new) = Self.emptyPair(old, using: &random)
        case .reversed:
            let (sections, items) = layout(of: old)
            new = makeSnapshot(Array(zip(sections, items.map { $0.reversed() }).reversed()))
        case .movedAcrossSections:
            new = Self.movedAcrossSections(old, using: &random)
        }
        if Int.random(in: 0..<4, using: &random) > 0 { Self.mark(&new, using: &random) }
        if Int.random(in: 0..<8, using: &random) == 0 { Self.mark(&old, using: &random) }
    }

    var description: String {
        "seed \(seed) (\(kind)):\nold \(old)\nnew \(new)"
    }

    // MARK: Making snapshots

    /// 0 to 6 sections of 0 to 30 items each.
    static func randomSnapshot(using random: inout SplitMix64) -> TestSnapshot {
        let sections = (0..<sectionSpace).shuffled(using: &random).prefix(Int.random(in: 0...6, using: &random))
        var items = (0..<itemSpace).shuffled(using: &random)[...]
        let layout = sections.map { section -> (String, [Int]) in
            let count = Int.random(in: 0...30, using: &random)
            defer { items = items.dropFirst(count) }
            return ("s\(section)", Array(items.prefix(count)))
        }
        return makeSnapshot(layout)
    }

    /// The old snapshot after 0 to 15 random edits: sections inserted, deleted and moved; items
    /// inserted, deleted and moved within and across sections (moved sections included).
    static func derived(from old: TestSnapshot, using random: inout SplitMix64) -> TestSnapshot {
        var new = old
        for _ in 0..<Int.random(in: 0...15, using: &random) {
            let sections = new.sectionIdentifiers
            let items = new.itemIdentifiers
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where !sections.isEmpty:
                new.deleteSections([sections.randomElement(using: &random)!])
            case 1:
                let fresh = (0..<sectionSpace).map { "s\($0)" }.filter { new.indexOfSection($0) == nil }
                guard let section = fresh.randomElement(using: &random) else { break }
                if let anchor = sections.randomElement(using: &random) {
                    if Bool.random(using: &random) {
                        new.insertSections([section], beforeSection: anchor)
                    } else {
                        new.insertSections([section], afterSection: anchor)
                    }
                } else {
                    new.appendSections([section])
                }
            case 2 where sections.count > 1:
                let section = sections.randomElement(using: &random)!
                let anchor = sections.randomElement(using: &random)!
                if Bool.random(using: &random) {
                    new.moveSection(section, beforeSection: anchor)
                } else {
                    new.moveSection(section, afterSection: anchor)
                }
            case 3 where !items.isEmpty:
                new.deleteItems((0..<Int.random(in: 1...4, using: &random)).map { _ in items.randomElement(using: &random)! })
            case 4 where !sections.isEmpty:
                let fresh = (0..<itemSpace).filter { new.indexOfItem($0) == nil }.shuffled(using: &random)
                let inserted = Array(fresh.prefix(Int.random(in: 1...5, using: &random)))
                if let anchor = items.randomElement(using: &random), Bool.random(using: &random) {
                    if Bool.random(using: &random) {
                        new.insertItems(inserted, beforeItem: anchor)
                    } else {
                        new.insertItems(inserted, afterItem: anchor)
                    }
                } else {
                    new.appendItems(inserted, toSection: sections.randomElement(using: &random)!)
                }
            case 5...6 where items.count > 1:
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let item = items.randomElement(using: &random)!
                    let anchor = items.randomElement(using: &random)!
                    if Bool.random(using: &random) {
                        new.moveItem(item, beforeItem: anchor)
                    } else {
                        new.moveItem(item, afterItem: anchor)
                    }
                }
            case 7 where !items.isEmpty && !sections.isEmpty:
                // Into any section, even an empty one: delete, then append.
                let item = items.randomElement(using: &random)!
                new.deleteItems([item])
                new.appendItems([item], toSection: sections.randomElement(using: &random)!)
            default:
                break
            }
        }
        // Sometimes rebuild, so that no section shares item storage with the old snapshot.
        return Bool.random(using: &random) ? new : rebuilt(new)
    }

    static func rebuilt(_ snapshot: TestSnapshot) -> TestSnapshot {
        let (sections, items) = layout(of: snapshot)
        return makeSnapshot(
            Array(zip(sections, items)),
            reloaded: snapshot.reloadedItemIdentifiers,
            reconfigured: snapshot.reconfiguredItemIdentifiers,
            reloadedSections: snapshot.reloadedSectionIdentifiers
        )
    }

    static func emptyPair(_ old: TestSnapshot, using random: inout SplitMix64) -> (TestSnapshot, TestSnapshot) {
        let emptySections = makeSnapshot(
            (0..<Int.random(in: 1...4, using: &random)).map { ("s\($0)", [Int]()) }
        )
        return switch Int.random(in: 0..<5, using: &random) {
        case 0: (TestSnapshot(), TestSnapshot())
        case 1: (TestSnapshot(), old)
        case 2: (old, TestSnapshot())
        case 3: (emptySections, old)
        default: (old, emptySections)
        }
    }

    /// Every item moves to another section (the items of section k go to section k + 1, shuffled
    /// half the time); sections may be reordered too.
    static func movedAcrossSections(_ old: TestSnapshot, using random: inout SplitMix64) -> TestSnapshot {
        var (sections, items) = layout(of: old)
        guard sections.count > 1 else { return old }
        items = [items[items.count - 1]] + items.dropLast()
        if Bool.random(using: &random) { items = items.map { $0.shuffled(using: &random) } }
        if Bool.random(using: &random) { sections.shuffle(using: &random) }
        return makeSnapshot(Array(zip(sections, items)))
    }

    /// Marks random items for reload and reconfigure (some for both) and random sections for reload.
    static func mark(_ snapshot: inout TestSnapshot, using random: inout SplitMix64) {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        func some<T>(_ all: [T], _ share: Int) -> [T] {
            all.filter { _ in Int.random(in: 0..<100, using: &random) < share }
        }
        snapshot.reloadItems(some(items, Int.random(in: 0...30, using: &random)))
        snapshot.reconfigureItems(some(items, Int.random(in: 0...30, using: &random)))
        snapshot.reloadSections(some(sections, Int.random(in: 0...25, using: &random)))
    }
}
