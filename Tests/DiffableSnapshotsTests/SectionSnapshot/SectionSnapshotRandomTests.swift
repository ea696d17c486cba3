@testable import DiffableSnapshots
import Foundation
import TestSupport
import Testing

/// Random mutation streams applied to a section snapshot and to a simple reference outline,
/// compared after every step.
///
/// `DIFFABLE_RANDOM_CASES` sets the number of cases (default 300); a failure reported as
/// "seed S" reruns alone with `DIFFABLE_RANDOM_SEED=S swift test --filter SectionSnapshotRandom`.
@Suite("SectionSnapshot: randomized against a reference outline")
struct SectionSnapshotRandomTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>
    typealias Reference = SectionSnapshotReferenceOutline

    static let steps = 60

    @Test func mutationStreamsMatchTheReferenceOutline() {
        for seed in TestEnvironment.randomSeeds(defaultCount: 300, defaultFirst: 0x5EC7_1000) {
            if let failure = Self.run(seed: seed) {
                print("SectionSnapshotRandomTests failed with seed \(seed): \(failure)")
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    /// Runs one case; returns the first mismatch, described.
    static func run(seed: UInt64) -> String? {
        var random = SplitMix64(seed: seed)
        var outline = Outline()
        var reference = Reference()
        var nextItem = 0
        func newItems(_ count: Int) -> [Int] {
            defer { nextItem += count }
            return Array(nextItem..<nextItem + count)
        }
        // Picks from lists in depth-first order: dictionary order differs between runs.
        func anyItem() -> Int? { reference.items.randomElement(using: &random) }
        // A small random outline of new items, for the snapshot-taking members.
        func newBranch() -> (Outline, Reference) {
            var branch = Outline()
            var branchReference = Reference()
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let parent = Bool.random(using: &random) ? branchReference.items.randomElement(using: &random) : nil
                let items = newItems(Int.random(in: 1...2, using: &random))
                branch.append(items, to: parent)
                branchReference.append(items, to: parent)
            }
            let expanded = branchReference.items.filter { _ in Bool.random(using: &random) }
            branch.expand(expanded)
            branchReference.expanded.formUnion(expanded)
            return (branch, branchReference)
        }

        for step in 0..<steps {
            let size = reference.parentOf.count
            var operation = Int.random(in: 0..<100, using: &random)
            if size > 120, operation < 60 { operation = 60 }  // keep cases small: delete more
            let action: String
            switch (operation, anyItem()) {
            case (0..<20, let parent):
                let items = newItems(Int.random(in: 0...4, using: &random))
                let to = Bool.random(using: &random) ? parent : nil
                outline.append(items, to: to)
                reference.append(items, to: to)
                action = "append(\(items), to: \(String(describing: to)))"
            case (20..<30, let anchor?):
                let items = newItems(Int.random(in: 1...3, using: &random))
                outline.insert(items, before: anchor)
                reference.insert(items, before: anchor)
                action = "insert(\(items), before: \(anchor))"
            case (30..<40, let anchor?):
                let items = newItems(Int.random(in: 1...3, using: &random))
                outline.insert(items, after: anchor)
                reference.insert(items, after: anchor)
                action = "insert(\(items), after: \(anchor))"
            case (40..<50, _):
                let items = (0..<Int.random(in: 1...4, using: &random)).compactMap { _ in
                    Int.random(in: 0..<4, using: &random) == 0 ? nextItem + 1_000 : anyItem()
                }
                outline.expand(items.filter(reference.contains))
                reference.expanded.formUnion(items.filter(reference.contains))
                action = "expand(\(items.filter(reference.contains)))"
            case (50..<55, let item?):
                outline.collapse([item])
                reference.expanded.remove(item)
                action = "collapse([\(item)])"
            case (55..<62, let parent?):
                let includingParent = Bool.random(using: &random)
                let taken = outline.snapshot(of: parent, includingParent: includingParent)
                let expected = reference.snapshot(of: parent, includingParent: includingParent)
                if let mismatch = compare(taken, expected) {
                    return "step \(step): snapshot(of: \(parent), includingParent: \(includingParent)): \(mismatch)"
                }
                var replacement = outline.snapshot(of: parent)
                var replacementReference = reference.snapshot(of: parent, includingParent: false)
                if let dropped = replacementReference.items.randomElement(using: &random), Bool.random(using: &random) {
                    replacement.delete([dropped])
                    replacementReference.delete([dropped])
                }
                let (branch, branchReference) = newBranch()
                replacement.append(branch)
                replacementReference.append(branchReference, to: nil)
                outline.replace(childrenOf: parent, using: replacement)
                reference.replace(childrenOf: parent, using: replacementReference)
                action = "replace(childrenOf: \(parent), using: \(replacement.items))"
            case (62..<72, let moved?):
                // Move a subtree: take it out, delete it, put it back elsewhere.
                let taken = outline.snapshot(of: moved, includingParent: true)
                let takenReference = reference.snapshot(of: moved, includingParent: true)
                outline.delete([moved])
                reference.delete([moved])
                let target = anyItem()
                switch (Int.random(in: 0..<3, using: &random), target) {
                case (0, let anchor?):
                    outline.insert(taken, before: anchor)
                    reference.insert(takenReference, before: anchor)
                    action = "move \(moved) before \(anchor)"
                case (1, let anchor?):
                    outline.insert(taken, after: anchor)
                    reference.insert(takenReference, after: anchor)
                    action = "move \(moved) after \(anchor)"
                default:
                    outline.append(taken, to: target)
                    reference.append(takenReference, to: target)
                    action = "move \(moved) into \(String(describing: target))"
                }
            case (72..<78, let parent):
                let (branch, branchReference) = newBranch()
                outline.append(branch, to: parent)
                reference.append(branchReference, to: parent)
                action = "append(branch \(branch.items), to: \(String(describing: parent)))"
            case (78..<99, _):
                var doomed = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in anyItem() }
                doomed.append(nextItem + 1_000)  // never added
                outline.delete(doomed)
                reference.delete(doomed)
                action = "delete(\(doomed))"
            case (99, _):
                outline.deleteAll()
                reference = Reference()
                action = "deleteAll()"
            default:
                continue
            }
            outline._checkInvariants()
            if let mismatch = compare(outline, reference) {
                return "step \(step), after \(action): \(mismatch)"
            }
        }
        return nil
    }

    static func compare(_ outline: Outline, _ reference: Reference) -> String? {
        if outline.items != reference.items { return "items \(outline.items), expected \(reference.items)" }
        if outline.visibleItems != reference.visibleItems {
            return "visibleItems \(outline.visibleItems), expected \(reference.visibleItems)"
        }
        if outline.rootItems != reference.rootItems {
            return "rootItems \(outline.rootItems), expected \(reference.rootItems)"
        }
        let expandedItems = reference.items.filter(reference.expanded.contains)
        if outline.expandedItems != expandedItems {
            return "expandedItems \(outline.expandedItems), expected \(expandedItems)"
        }
        for (index, item) in reference.items.enumerated() {
            guard
                outline.contains(item),
                outline.index(of: item) == index,
                outline.level(of: item) == reference.level(of: item),
                outline.parent(of: item) == reference.parent(of: item),
                outline.isExpanded(item) == reference.expanded.contains(item),
                outline.isVisible(item) == reference.isVisible(item)
            else { return "queries about item \(item) disagree" }
        }
        if outline != reference.build() { return "not equal to the same outline built by appends" }
        return nil
    }
}
