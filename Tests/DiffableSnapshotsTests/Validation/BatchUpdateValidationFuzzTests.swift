import DiffableSnapshots
import TestSupport
import Testing

/// Corrupted and random updates: the validator must agree with the reference model.
///
/// Once rules 1 to 3 hold, the reference model reads an update exactly as the rules do, so the
/// validator must accept (or report only rule 6) exactly when applying the update gives the new
/// snapshot, and report rule 4 or 5 exactly when it does not. Whatever the update, `validate`
/// throws the first of `validationErrors`, and errors come in rule order.
@Suite("Validator against the reference model")
struct BatchUpdateValidationFuzzTests {
    static let firstSeed: UInt64 = 0xBAD_0000
    static let chunks = 2

    static var caseCount: Int { max(4_000, TestEnvironment.randomCaseCount(default: 0) / 2) }

    @Test("corrupted and random updates are judged as the reference model applies them", arguments: 0..<chunks)
    func corruptedUpdates(chunk: Int) {
        var firstRules: [Int: Int] = [:]
        var reported = 0
        for index in stride(from: chunk, to: Self.caseCount, by: Self.chunks) {
            let seed = Self.firstSeed + UInt64(index)
            let pair = RandomSnapshotPair(seed: seed)
            var random = SplitMix64(seed: seed ^ 0xF00D)
            let base = Int.random(in: 0..<10, using: &random) == 0 ? BatchUpdate() : BatchUpdate(from: pair.old, to: pair.new)
            let update = UpdateCorruption.corrupted(base, pair.old, pair.new, using: &random)
            let (firstRule, failures) = Self.disagreements(update, pair.old, pair.new)
            firstRules[firstRule ?? 0, default: 0] += 1
            guard !failures.isEmpty else { continue }
            reported += 1
            Issue.record("\(failures.joined(separator: "\n"))\n\(pair)\nupdate \(update)")
            if reported == 5 { return }
        }
        // The corruptions reach every rule, and some leave the update valid.
        for rule in 0...6 {
            #expect(firstRules[rule, default: 0] > 0, "no update had \(rule == 0 ? "no error" : "rule \(rule) as its first error")")
        }
    }

    /// The first rule broken (`nil` if valid) and every disagreement with the reference model.
    static func disagreements(_ update: BatchUpdate, _ old: TestSnapshot, _ new: TestSnapshot) -> (Int?, [String]) {
        var failures: [String] = []
        let errors = update.validationErrors(from: old, to: new)
        var thrown: BatchUpdateError?
        do {
            try update.validate(from: old, to: new)
        } catch {
            thrown = error
        }
        if thrown != errors.first {
            failures.append("validate threw \(thrown.map(String.init(describing:)) ?? "nothing") but the first error listed is \(errors.first.map(String.init(describing:)) ?? "none")")
        }
        if !zip(errors, errors.dropFirst()).allSatisfy({ $0.rule <= $1.rule }) {
            failures.append("errors out of rule order: \(errors.map(\.rule))")
        }
        let applied = referenceApply(update, old, new)
        let expected = layout(of: new)
        let givesNew = applied.sections == expected.sections && applied.items == expected.items
        let firstRule = errors.first?.rule
        switch firstRule {
        case nil, 6:
            if !givesNew { failures.append("accepted (up to rule 6), yet applying gives \(applied)") }
        case 4, 5:
            if givesNew { failures.append("rejected by \(errors[0]), yet applying gives the new snapshot") }
        default:
            break
        }
        return (firstRule, failures)
    }
}

/// Random damage to a batch update: elements removed, added, nudged, doubled, swapped, moved to
/// another list, and reconfigures put on reloaded items.
enum UpdateCorruption {
    static var sectionLists: [WritableKeyPath<BatchUpdate, [Int]>] { [\.sectionDeletes, \.sectionInserts, \.sectionReloads] }
    static var itemLists: [WritableKeyPath<BatchUpdate, [ItemPath]>] {
        [\.itemDeletes, \.itemInserts, \.itemReloads, \.itemReconfigures]
    }

    static func corrupted(
        _ update: BatchUpdate,
        _ old: TestSnapshot,
        _ new: TestSnapshot,
        using random: inout SplitMix64
    ) -> BatchUpdate {
        var update = update
        let sectionCount = max(old.numberOfSections, new.numberOfSections)
        func anySection() -> Int { Int.random(in: -1...sectionCount, using: &random) }
        func anyPath() -> ItemPath {
            let section = Int.random(in: 0..<max(sectionCount, 1), using: &random)
            let items = section < new.numberOfSections ? new.numberOfItems(inSection: new.sectionIdentifiers[section]) : 2
            return ItemPath(section: Int.random(in: 0...9, using: &random) == 0 ? anySection() : section, item: Int.random(in: -1...items, using: &random))
        }
        func nudged(_ value: Int) -> Int { value + (Bool.random(using: &random) ? 1 : -1) }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let sectionList = sectionLists.randomElement(using: &random)!
            let itemList = itemLists.randomElement(using: &random)!
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                // Remove one element of one list.
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !update[keyPath: sectionList].isEmpty:
                    update[keyPath: sectionList].remove(at: Int.random(in: 0..<update[keyPath: sectionList].count, using: &random))
                case 1 where !update[keyPath: itemList].isEmpty:
                    update[keyPath: itemList].remove(at: Int.random(in: 0..<update[keyPath: itemList].count, using: &random))
                case 2 where !update.itemMoves.isEmpty:
                    update.itemMoves.remove(at: Int.random(in: 0..<update.itemMoves.count, using: &random))
                case 3 where !update.sectionMoves.isEmpty:
                    update.sectionMoves.remove(at: Int.random(in: 0..<update.sectionMoves.count, using: &random))
                default:
                    break
                }
            case 1:
                update[keyPath: sectionList].append(anySection())
            case 2:
                update[keyPath: itemList].append(anyPath())
            case 3:
                if Bool.random(using: &random) {
                    update.itemMoves.append(.init(from: anyPath(), to: anyPath()))
                } else {
                    update.sectionMoves.append(.init(from: anySection(), to: anySection()))
                }
            case 4:
                // Nudge one index by one.
                if !update[keyPath: itemList].isEmpty {
                    let position = Int.random(in: 0..<update[keyPath: itemList].count, using: &random)
                    update[keyPath: itemList][position].item = nudged(update[keyPath: itemList][position].item)
                } else if !update.itemMoves.isEmpty {
                    let position = Int.random(in: 0..<update.itemMoves.count, using: &random)
                    update.itemMoves[position].to.item = nudged(update.itemMoves[position].to.item)
                } else if !update[keyPath: sectionList].isEmpty {
                    update[keyPath: sectionList][0] = nudged(update[keyPath: sectionList][0])
                }
            case 5:
                // Double one element.
                if let path = update[keyPath: itemList].randomElement(using: &random) {
                    update[keyPath: itemList].append(path)
                } else if let move = update.itemMoves.randomElement(using: &random) {
                    update.itemMoves.append(move)
                }
            case 6:
                // Swap the destinations of two moves.
                if update.itemMoves.count > 1 {
                    let (first, second) = (Int.random(in: 0..<update.itemMoves.count, using: &random), Int.random(in: 0..<update.itemMoves.count, using: &random))
                    (update.itemMoves[first].to, update.itemMoves[second].to) = (update.itemMoves[second].to, update.itemMoves[first].to)
                } else if update.sectionMoves.count > 1 {
                    update.sectionMoves.swapAt(0, 1)
                    (update.sectionMoves[0].from, update.sectionMoves[1].from) = (update.sectionMoves[1].from, update.sectionMoves[0].from)
                }
            case 7:
                // Turn a move into a delete and an insert, or a reload into a delete.
                if let move = update.itemMoves.popLast() {
                    update.itemDeletes.append(move.from)
                    update.itemInserts.append(move.to)
                } else if let reload = update.itemReloads.popLast() {
                    update.itemDeletes.append(reload)
                }
            default:
                // Reconfigure a reloaded item where it lands.
                guard let reload = update.itemReloads.randomElement(using: &random),
                    reload.section >= 0, reload.section < old.numberOfSections
                else { break }
                let items = old.itemIdentifiers(inSection: old.sectionIdentifiers[reload.section])
                guard items.indices.contains(reload.item),
                    let section = new.sectionIdentifier(containingItem: items[reload.item]),
                    let target = new.indexOfSection(section),
                    let offset = new.itemIdentifiers(inSection: section).firstIndex(of: items[reload.item])
                else { break }
                update.itemReconfigures.append(ItemPath(section: target, item: offset))
            }
        }
        return update
    }
}
