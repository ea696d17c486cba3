@testable import DiffableSnapshots
import TestSupport
import Testing

@Suite("Snapshot against a reference model")
struct SnapshotModelTests {
    @Test func randomMutationsAgreeWithTheReferenceModel() {
        for seed in TestEnvironment.randomSeeds(defaultCount: 300) {
            var random = SplitMix64(seed: seed)
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            var reference = ReferenceSnapshot()
            var nextItem = 0
            var nextSection = 0
            var log: [String] = []
            for _ in 0..<60 {
                let description = applyRandomMutation(&snapshot, &reference, &random, &nextItem, &nextSection)
                log.append(description)
                snapshot._checkInvariants()
                if let disagreement = reference.disagreement(with: snapshot) {
                    Issue.record("seed \(seed): snapshot and model disagree (\(disagreement)) after \(log.joined(separator: "; "))\n\(snapshot)")
                    return
                }
            }
        }
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    private func applyRandomMutation(
        _ snapshot: inout DiffableDataSourceSnapshot<Int, Int>,
        _ reference: inout ReferenceSnapshot,
        _ random: inout SplitMix64,
        _ nextItem: inout Int,
        _ nextSection: inout Int
    ) -> String {
        func freshItems() -> [Int] {
            let count = Int.random(in: 0...4, using: &random)
            defer { nextItem += count }
            return Array(nextItem..<(nextItem + count))
        }
        let items = reference.allItems
        let sectionIDs = reference.sections.map(\.id)
        switch Int.random(in: 0..<14, using: &random) {
        case 0 where !sectionIDs.isEmpty, 1 where !sectionIDs.isEmpty:
            let new = freshItems()
            let section = Bool.random(using: &random) ? sectionIDs.randomElement(using: &random)! : nil
            snapshot.appendItems(new, toSection: section)
            let position = section.flatMap(reference.position(of:)) ?? reference.sections.count - 1
            reference.sections[position].items += new
            return "append \(new) to \(section.map(String.init) ?? "last")"
        case 2 where !items.isEmpty:
            let new = freshItems()
            let anchor = items.randomElement(using: &random)!
            let after = Bool.random(using: &random)
            if after { snapshot.insertItems(new, afterItem: anchor) } else { snapshot.insertItems(new, beforeItem: anchor) }
            let (section, offset) = reference.location(of: anchor)!
            reference.sections[section].items.insert(contentsOf: new, at: offset + (after ? 1 : 0))
            return "insert \(new) \(after ? "after" : "before") \(anchor)"
        case 3 where !items.isEmpty, 4 where !items.isEmpty:
            var doomed = (0..<Int.random(in: 1...4, using: &random)).map { _ in items.randomElement(using: &random)! }
            doomed.append(nextItem + 1000)
            snapshot.deleteItems(doomed)
            for index in reference.sections.indices { reference.sections[index].items.removeAll(where: doomed.contains) }
            reference.forget(items: doomed)
            return "delete \(doomed)"
        case 5 where !items.isEmpty:
            let item = items.randomElement(using: &random)!
            let anchor = items.randomElement(using: &random)!
            let after = Bool.random(using: &random)
            if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
            reference.moveItem(item, nextTo: anchor, after: after)
            return "move \(item) \(after ? "after" : "before") \(anchor)"
        case 6:
            let new = Array(nextSection..<(nextSection + Int.random(in: 1...3, using: &random)))
            nextSection += new.count
            if sectionIDs.isEmpty || Bool.random(using: &random) {
                snapshot.appendSections(new)
                reference.sections += new.map { ($0, []) }
                return "append sections \(new)"
            }
            let anchor = sectionIDs.randomElement(using: &random)!
            let after = Bool.random(using: &random)
            if after { snapshot.insertSections(new, afterSection: anchor) } else { snapshot.insertSections(new, beforeSection: anchor) }
            reference.sections.insert(contentsOf: new.map { ($0, []) }, at: reference.position(of: anchor)! + (after ? 1 : 0))
            return "insert sections \(new) \(after ? "after" : "before") \(anchor)"
        case 7 where !sectionIDs.isEmpty:
            let doomed = [sectionIDs.randomElement(using: &random)!, nextSection + 1000]
            snapshot.deleteSections(doomed)
            for section in reference.sections where doomed.contains(section.id) { reference.forget(items: section.items) }
            reference.sections.removeAll { doomed.contains($0.id) }
            reference.reloadedSections.subtract(doomed)
            return "delete sections \(doomed)"
        case 8 where !sectionIDs.isEmpty:
            let section = sectionIDs.randomElement(using: &random)!
            let anchor = sectionIDs.randomElement(using: &random)!
            let after = Bool.random(using: &random)
            if after { snapshot.moveSection(section, afterSection: anchor) } else { snapshot.moveSection(section, beforeSection: anchor) }
            if section != anchor {
                let moved = reference.sections.remove(at: reference.position(of: section)!)
                reference.sections.insert(moved, at: reference.position(of: anchor)! + (after ? 1 : 0))
            }
            return "move section \(section) \(after ? "after" : "before") \(anchor)"
        case 9 where !items.isEmpty:
            let marked = [items.randomElement(using: &random)!]
            snapshot.reloadItems(marked)
            reference.reloadedItems.formUnion(marked)
            return "reload \(marked)"
        case 10 where !items.isEmpty:
            let marked = [items.randomElement(using: &random)!]
            snapshot.reconfigureItems(marked)
            reference.reconfiguredItems.formUnion(marked)
            return "reconfigure \(marked)"
        case 11 where !sectionIDs.isEmpty:
            let marked = [sectionIDs.randomElement(using: &random)!]
            snapshot.reloadSections(marked)
            reference.reloadedSections.formUnion(marked)
            return "reload sections \(marked)"
        case 12 where Int.random(in: 0..<8, using: &random) == 0:
            snapshot.deleteAllItems()
            reference = ReferenceSnapshot()
            return "delete all"
        default:
            let new = [nextSection]
            nextSection += 1
            snapshot.appendSections(new)
            reference.sections.append((new[0], []))
            return "append section \(new)"
        }
    }
}
