import DiffableSnapshots
import Testing

/// The validator's work, fenced by counting identifier operations: at most two `==` per item
/// walked, and one hash (plus the few `==` of probing a hash table) per item a rule-6 check
/// looks up.
@Suite("Validator complexity")
struct BatchUpdateValidationComplexityTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>

    static func snapshot(_ sections: [[CountedIdentifier]]) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(Array(sections.indices))
        for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
        return snapshot
    }

    @Test func validatingAReversedSectionComparesEachItemAtMostTwice() throws {
        let counter = OperationCounter()
        let count = 5_000
        let items = (0..<count).map { CountedIdentifier(value: $0, counter: counter) }
        let old = Self.snapshot([items])
        let new = Self.snapshot([items.reversed()])
        // The last item stays; every other one moves to its mirrored position.
        let update = BatchUpdate(
            itemMoves: (0..<(count - 1)).map {
                .init(from: ItemPath(section: 0, item: $0), to: ItemPath(section: 0, item: count - 1 - $0))
            }
        )
        counter.reset()
        try update.validate(from: old, to: new)
        #expect(counter.equalities <= 2 * count)
        #expect(counter.hashes == 0)
    }

    @Test func validatingItemsMovedAcrossEverySectionIsLinear() throws {
        let counter = OperationCounter()
        let sections = (0..<50).map { section in
            (0..<100).map { CountedIdentifier(value: section * 100 + $0, counter: counter) }
        }
        let old = Self.snapshot(sections)
        let new = Self.snapshot([sections[49]] + sections.dropLast())
        var moves: [BatchUpdate.Move<ItemPath>] = []
        for section in 0..<50 {
            for item in 0..<100 {
                moves.append(.init(from: ItemPath(section: section, item: item), to: ItemPath(section: (section + 1) % 50, item: item)))
            }
        }
        let update = BatchUpdate(itemMoves: moves, itemReconfigures: moves.map(\.to))
        // Each reconfigured item is looked up once in the old snapshot.
        let lookups = 5_000
        counter.reset()
        try update.validate(from: old, to: new)
        #expect(counter.equalities <= 2 * 5_000 + 4 * lookups)
        #expect(counter.hashes <= lookups)
        counter.reset()
        #expect(update.validationErrors(from: old, to: new).isEmpty)
        #expect(counter.equalities <= 2 * 5_000 + 4 * lookups)
    }

    @Test func unchangedSectionsSharingStorageCompareNoItems() throws {
        let counter = OperationCounter()
        let sections = (0..<20).map { section in
            (0..<100).map { CountedIdentifier(value: section * 100 + $0, counter: counter) }
        }
        let old = Self.snapshot(sections)
        var new = old
        new.deleteItems([sections[3][7]])
        counter.reset()
        try BatchUpdate(itemDeletes: [ItemPath(section: 3, item: 7)]).validate(from: old, to: new)
        // Only section 3, which the update touches, is walked.
        #expect(counter.equalities <= 100)
        #expect(counter.hashes == 0)
    }
}
