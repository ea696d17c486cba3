@testable import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// The chunked entries of a controller's section against a plain sorted array: seeded random
/// inserts and removals at sorted positions, enough to split chunks and empty them, and after
/// each the same entries, counts, lookups and slots.
///
/// `RESULT_ENTRIES_STEPS` (default 6,000) and `RESULT_ENTRIES_SEED` (default: three fixed seeds)
/// set the run.
@MainActor @Suite struct ResultEntriesTests {
    /// Sort keys of `count` matches with random scores, read through a request sorted by score.
    private static func sortKeys(count: Int, random: inout SplitMix64) throws -> (keys: [FetchSortKey], order: FetchSortOrder) {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        var matches: [Match] = []
        for _ in 0..<count {
            let match = try context.insert(Match.self)
            match.score = Int.random(in: 0..<(count / 4), using: &random)
            matches.append(match)
        }
        try context.save()
        var request = FetchRequest<Match>()
        request.sortDescriptors = [FetchSortDescriptor(\.score)]
        let compiled = try CompiledFetchRequest(request, model: TestModel.model)
        return (matches.map { compiled.sortKey(of: $0) }, compiled.sortOrder)
    }

    @Test func chunkedEntriesAgreeWithASortedArrayUnderRandomEdits() throws {
        let steps = TestEnvironment.count("RESULT_ENTRIES_STEPS", default: 6_000)
        for seed in TestEnvironment.seeds("RESULT_ENTRIES_SEED", default: [3, 17, 29]) {
            print("ResultEntriesTests seed \(TestEnvironment.describe(seed: seed))")
            var random = SplitMix64(seed: seed)
            let (keys, order) = try Self.sortKeys(count: 6_000, random: &random)
            // Small chunks, so that the run splits and empties many of them.
            var entries = ResultEntries<Int>(maximumChunkCount: [4, 16, 64][Int(seed % 3)])
            var plain: [ResultEntry<Int>] = []
            var outside = Array(keys.indices)
            for step in 0..<steps {
                // Grow to many chunks, then shrink to nothing, then grow again.
                let grows = Int.random(in: 0..<10, using: &random) < ((step / 1_500) % 2 == 0 ? 8 : 2)
                if grows, !outside.isEmpty {
                    let key = keys[outside.remove(at: Int.random(in: 0..<outside.count, using: &random))]
                    let entry = ResultEntry(sortKey: key, itemIdentifier: key.objectID.hashValue)
                    let slot = entries.slot(of: key, order: order)
                    #expect(!slot.found, "seed \(seed) step \(step)")
                    #expect(slot.index == plain.partitioningIndex { order.compare($0.sortKey, key) != .orderedAscending }, "seed \(seed) step \(step)")
                    entries.insert(entry, at: slot.index)
                    plain.insert(entry, at: slot.index)
                } else if !plain.isEmpty {
                    let position = Int.random(in: 0..<plain.count, using: &random)
                    let slot = entries.slot(of: plain[position].sortKey, order: order)
                    #expect(slot.found && slot.index == position, "seed \(seed) step \(step)")
                    let removed = entries.remove(at: position)
                    #expect(removed.objectID == plain.remove(at: position).objectID, "seed \(seed) step \(step)")
                    outside.append(keys.firstIndex { $0.objectID == removed.objectID }!)
                }
                try check(entries, against: plain, seed: seed, step: step, full: step % 97 == 0)
            }
        }
    }

    @Test func entriesBuiltInOrderMatchTheirArray() throws {
        var random = SplitMix64(seed: 5)
        let (keys, order) = try Self.sortKeys(count: 5_000, random: &random)
        let plain = keys.sorted { order.compare($0, $1) == .orderedAscending }.map { ResultEntry(sortKey: $0, itemIdentifier: $0.objectID.hashValue) }
        let entries = ResultEntries(plain, maximumChunkCount: 64)
        try check(entries, against: plain, seed: 5, step: 0, full: true)
        for (position, entry) in plain.enumerated() {
            let slot = entries.slot(of: entry.sortKey, order: order)
            #expect(slot.found && slot.index == position)
        }
    }

    @Test func theSortOrderComparesAsTheCompiledRequest() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        var random = SplitMix64(seed: 9)
        for index in 0..<300 {
            let match = try context.insert(Match.self)
            match.score = Int.random(in: 0..<20, using: &random)
            match.group = ["b", "A", "a", "B", ""][index % 5]
            match.note = index % 7 == 0 ? nil : "note \(Int.random(in: 0..<5, using: &random))"
        }
        try context.save()
        var request = FetchRequest<Match>()
        request.sortDescriptors = [FetchSortDescriptor(\.group, ascending: false), FetchSortDescriptor(\.note), FetchSortDescriptor(\.score)]
        let compiled = try CompiledFetchRequest(request, model: TestModel.model)
        let keys = try context.fetch(request).map { compiled.sortKey(of: $0) }
        let order = compiled.sortOrder
        for _ in 0..<5_000 {
            let lhs = keys[Int.random(in: 0..<keys.count, using: &random)], rhs = keys[Int.random(in: 0..<keys.count, using: &random)]
            #expect(order.compare(lhs, rhs) == compiled.compare(lhs, rhs))
        }
    }

    private func check(_ entries: ResultEntries<Int>, against plain: [ResultEntry<Int>], seed: UInt64, step: Int, full: Bool) throws {
        entries._checkInvariants()
        #expect(entries.count == plain.count, "seed \(seed) step \(step)")
        #expect(entries.isEmpty == plain.isEmpty, "seed \(seed) step \(step)")
        #expect(entries.first?.objectID == plain.first?.objectID, "seed \(seed) step \(step)")
        guard full else { return }
        #expect(entries.map(\.objectID) == plain.map(\.objectID), "seed \(seed) step \(step)")
        #expect(entries.itemIdentifiers == plain.map(\.itemIdentifier), "seed \(seed) step \(step)")
        for position in plain.indices where position % 7 == 0 {
            #expect(entries[position].objectID == plain[position].objectID, "seed \(seed) step \(step) position \(position)")
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, all elements after it satisfying it too.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
