import DiffableSnapshots
import TestSupport

/// A plain model of a snapshot: sections as arrays, searched linearly.
struct HistoryModel: Equatable {
    var sections: [Section] = []
    var reloadedItems: Set<Int> = []
    var reconfiguredItems: Set<Int> = []
    var reloadedSections: Set<String> = []

    struct Section: Equatable {
        var id: String
        var items: [Int]
    }

    init(_ snapshot: TestSnapshot) {
        let (ids, items) = layout(of: snapshot)
        sections = zip(ids, items).map { Section(id: $0, items: $1) }
        reloadedItems = Set(snapshot.reloadedItemIdentifiers)
        reconfiguredItems = Set(snapshot.reconfiguredItemIdentifiers)
        reloadedSections = Set(snapshot.reloadedSectionIdentifiers)
    }

    var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    func location(of item: Int) -> (section: Int, offset: Int)? {
        for (index, section) in sections.enumerated() {
            if let offset = section.items.firstIndex(of: item) { return (index, offset) }
        }
        return nil
    }

    func position(of section: String) -> Int? { sections.firstIndex { $0.id == section } }

    mutating func forget(_ items: some Sequence<Int>) {
        for item in items {
            reloadedItems.remove(item)
            reconfiguredItems.remove(item)
        }
    }

    /// Every way a snapshot can disagree with the model, checked in O(n log n): layout, counts,
    /// the index and section of every item, section indexes, marks.
    func disagreements(with snapshot: TestSnapshot) -> [String] {
        var found: [String] = []
        if snapshot.sectionIdentifiers != sections.map(\.id) { found.append("sections \(snapshot.sectionIdentifiers)") }
        if snapshot.numberOfItems != itemCount { found.append("\(snapshot.numberOfItems) items, expected \(itemCount)") }
        var index = 0
        for (position, section) in sections.enumerated() {
            guard snapshot.indexOfSection(section.id) == position else {
                found.append("section \(section.id) at \(String(describing: snapshot.indexOfSection(section.id)))")
                continue
            }
            if snapshot.itemIdentifiers(inSection: section.id) != section.items { found.append("items of section \(section.id)") }
            if snapshot.numberOfItems(inSection: section.id) != section.items.count { found.append("count of section \(section.id)") }
            for item in section.items {
                if snapshot.indexOfItem(item) != index { found.append("item \(item) at \(String(describing: snapshot.indexOfItem(item))), expected \(index)") }
                if snapshot.sectionIdentifier(containingItem: item) != section.id { found.append("item \(item) in the wrong section") }
                index += 1
            }
        }
        if Set(snapshot.reloadedItemIdentifiers) != reloadedItems { found.append("reloaded items") }
        if Set(snapshot.reconfiguredItemIdentifiers) != reconfiguredItems { found.append("reconfigured items") }
        if Set(snapshot.reloadedSectionIdentifiers) != reloadedSections { found.append("reloaded sections") }
        if snapshot.itemIdentifiers != sections.flatMap(\.items) { found.append("all items") }
        return Array(found.prefix(5))
    }
}

/// Long random edit histories at scale: what a fetched results controller does to a snapshot of
/// thousands of items over many deliveries. Single items and batches are deleted, inserted and
/// moved (across sections too), runs are cut out, items are inserted over and over at one hot
/// spot (splitting the same leaf again and again), sections come and go, items and sections
/// are marked. Every edit is applied to a snapshot and to a ``HistoryModel`` alike.
struct RandomEditHistory {
    var random: SplitMix64
    var nextItem: Int
    var nextSection: Int
    /// An item that many inserts land next to.
    var hotSpot: Int?

    init(seed: UInt64, firstItem: Int = 1_000_000) {
        random = SplitMix64(seed: seed)
        nextItem = firstItem
        nextSection = 1_000
    }

    /// `sections` sections (`s0`, `s1`, ...) of `itemsPerSection` consecutive items each, built
    /// from arrays.
    static func largeSnapshot(sections: Int, itemsPerSection: Int) -> TestSnapshot {
        makeSnapshot((0..<sections).map { ("s\($0)", Array(($0 * itemsPerSection)..<(($0 + 1) * itemsPerSection))) })
    }

    mutating func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<(nextItem + count))
    }

    mutating func someItem(_ model: HistoryModel) -> Int? {
        let total = model.itemCount
        guard total > 0 else { return nil }
        var index = Int.random(in: 0..<total, using: &random)
        for section in model.sections {
            if index < section.items.count { return section.items[index] }
            index -= section.items.count
        }
        return nil
    }

    /// Applies one random edit to both; returns what it did.
    // swiftlint:disable:next function_body_length cyclomatic_complexity
    mutating func edit(_ snapshot: inout TestSnapshot, _ model: inout HistoryModel) -> String {
        // The hot spot may belong to another branch of the history.
        if let hot = hotSpot, model.location(of: hot) == nil { hotSpot = nil }
        let roll = Int.random(in: 0..<100, using: &random)
        let after = Bool.random(using: &random)
        switch roll {
        case 0..<18:
            guard let item = someItem(model) else { break }
            snapshot.deleteItems([item, -1])
            let (section, offset) = model.location(of: item)!
            model.sections[section].items.remove(at: offset)
            model.forget([item])
            if item == hotSpot { hotSpot = nil }
            return "delete \(item)"
        case 18..<24:
            let doomed = (0..<Int.random(in: 2...12, using: &random)).compactMap { _ in someItem(model) }
            snapshot.deleteItems(doomed)
            for index in model.sections.indices { model.sections[index].items.removeAll(where: doomed.contains) }
            model.forget(doomed)
            if let hot = hotSpot, doomed.contains(hot) { hotSpot = nil }
            return "delete \(doomed)"
        case 24..<44:
            let useHotSpot = hotSpot != nil && Int.random(in: 0..<3, using: &random) > 0
            guard let anchor = useHotSpot ? hotSpot : someItem(model) else { break }
            if hotSpot == nil { hotSpot = anchor }
            let new = freshItems(Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 2...400, using: &random) : 1)
            if after { snapshot.insertItems(new, afterItem: anchor) } else { snapshot.insertItems(new, beforeItem: anchor) }
            let (section, offset) = model.location(of: anchor)!
            model.sections[section].items.insert(contentsOf: new, at: offset + (after ? 1 : 0))
            return "insert \(new.count) items \(after ? "after" : "before") \(anchor)"
        case 44..<50:
            guard let section = model.sections.randomElement(using: &random) else { break }
            let new = freshItems(Int.random(in: 1...300, using: &random))
            snapshot.appendItems(new, toSection: section.id)
            model.sections[model.position(of: section.id)!].items += new
            return "append \(new.count) items to \(section.id)"
        case 50..<72:
            guard let item = someItem(model), let anchor = someItem(model) else { break }
            if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
            if item != anchor {
                let (from, offset) = model.location(of: item)!
                model.sections[from].items.remove(at: offset)
                let (to, anchorOffset) = model.location(of: anchor)!
                model.sections[to].items.insert(item, at: anchorOffset + (after ? 1 : 0))
            }
            return "move \(item) \(after ? "after" : "before") \(anchor)"
        case 72..<75:
            // Cut out a run: many deletes in a few leaves, which then merge.
            guard let section = model.sections.indices.randomElement(using: &random), !model.sections[section].items.isEmpty else { break }
            let items = model.sections[section].items
            let start = Int.random(in: 0..<items.count, using: &random)
            let doomed = Array(items[start..<min(items.count, start + Int.random(in: 50...600, using: &random))])
            snapshot.deleteItems(doomed.shuffled(using: &random))
            model.sections[section].items.removeSubrange(start..<(start + doomed.count))
            model.forget(doomed)
            if let hot = hotSpot, doomed.contains(hot) { hotSpot = nil }
            return "delete a run of \(doomed.count) items of \(model.sections[section].id)"
        case 75..<80:
            guard let item = someItem(model) else { break }
            if Bool.random(using: &random) {
                snapshot.reloadItems([item])
                model.reloadedItems.insert(item)
                return "reload \(item)"
            }
            snapshot.reconfigureItems([item])
            model.reconfiguredItems.insert(item)
            return "reconfigure \(item)"
        case 80..<82:
            guard let section = model.sections.randomElement(using: &random) else { break }
            snapshot.reloadSections([section.id])
            model.reloadedSections.insert(section.id)
            return "reload section \(section.id)"
        case 82..<86:
            let new = "s\(nextSection)"
            nextSection += 1
            if let anchor = model.sections.randomElement(using: &random) {
                if after { snapshot.insertSections([new], afterSection: anchor.id) } else { snapshot.insertSections([new], beforeSection: anchor.id) }
                model.sections.insert(HistoryModel.Section(id: new, items: []), at: model.position(of: anchor.id)! + (after ? 1 : 0))
            } else {
                snapshot.appendSections([new])
                model.sections.append(HistoryModel.Section(id: new, items: []))
            }
            return "insert section \(new)"
        case 86..<88 where model.sections.count > 2:
            // Delete the smallest section, so histories keep most of their items.
            let section = model.sections.min { $0.items.count < $1.items.count }!
            snapshot.deleteSections([section.id])
            model.forget(section.items)
            model.reloadedSections.remove(section.id)
            model.sections.removeAll { $0.id == section.id }
            if let hot = hotSpot, section.items.contains(hot) { hotSpot = nil }
            return "delete section \(section.id)"
        case 88..<94:
            guard let section = model.sections.randomElement(using: &random), let anchor = model.sections.randomElement(using: &random) else { break }
            if after { snapshot.moveSection(section.id, afterSection: anchor.id) } else { snapshot.moveSection(section.id, beforeSection: anchor.id) }
            if section.id != anchor.id {
                let moved = model.sections.remove(at: model.position(of: section.id)!)
                model.sections.insert(moved, at: model.position(of: anchor.id)! + (after ? 1 : 0))
            }
            return "move section \(section.id) \(after ? "after" : "before") \(anchor.id)"
        default:
            // Several small edits in a row near one place, as a delivery of a few changes.
            var done: [String] = []
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                done.append(edit(&snapshot, &model))
            }
            return done.joined(separator: ", ")
        }
        return "nothing"
    }
}
