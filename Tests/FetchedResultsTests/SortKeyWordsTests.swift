@testable import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// Sort keys searched as words: the words of two keys order them as the sort order does, and
/// entries that keep their keys as words find and place them as entries that compare sort values
/// do; keys with text sort values have no words.
@MainActor @Suite struct SortKeyWordsTests {
    /// Sort keys of `count` matches with random values, read through a request with `sort`.
    private static func sortKeys(count: Int, sort: [FetchSortDescriptor<Match>], random: inout SplitMix64) throws -> (keys: [FetchSortKey], order: FetchSortOrder) {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        var matches: [Match] = []
        for _ in 0..<count {
            let match = try context.insert(Match.self)
            match.score = Int.random(in: -(count / 8)..<(count / 8), using: &random)
            match.isLive = Bool.random(using: &random)
            match.serverID = Int.random(in: .min ... .max, using: &random)
            match.group = ["b", "A", "a", "B"][Int.random(in: 0..<4, using: &random)]
            matches.append(match)
        }
        try context.save()
        var request = FetchRequest<Match>()
        request.sortDescriptors = sort
        let compiled = try CompiledFetchRequest(request, model: TestModel.model)
        return (matches.map { compiled.sortKey(of: $0) }, compiled.sortOrder)
    }

    private static let integerSort = [FetchSortDescriptor(\Match.isLive, ascending: false), FetchSortDescriptor(\Match.score), FetchSortDescriptor(\Match.serverID, ascending: false)]

    @Test func wordsOrderKeysAsTheSortOrder() throws {
        var random = SplitMix64(seed: 41)
        let (keys, order) = try Self.sortKeys(count: 400, sort: Self.integerSort, random: &random)
        #expect(order.wordsPerKey == 4)
        for _ in 0..<5_000 {
            let lhs = keys[Int.random(in: 0..<keys.count, using: &random)], rhs = keys[Int.random(in: 0..<keys.count, using: &random)]
            var left: [UInt64] = [], right: [UInt64] = []
            #expect(order.appendWords(of: lhs, to: &left) && order.appendWords(of: rhs, to: &right))
            let byWords: ComparisonResult = left == right ? .orderedSame : (left.lexicographicallyPrecedes(right) ? .orderedAscending : .orderedDescending)
            #expect(byWords == order.compare(lhs, rhs))
        }
    }

    @Test func textSortValuesHaveNoWords() throws {
        var random = SplitMix64(seed: 43)
        let (keys, order) = try Self.sortKeys(count: 10, sort: [FetchSortDescriptor(\Match.group), FetchSortDescriptor(\Match.score)], random: &random)
        var words: [UInt64] = []
        #expect(!order.appendWords(of: keys[0], to: &words))
        #expect(words.isEmpty)
    }

    /// Entries given the order (words while the keys have them) and entries without it (sort
    /// values compared) take the same random inserts and removals and must agree at each step.
    @Test(arguments: [false, true])
    func entriesWithAndWithoutWordsAgreeUnderRandomEdits(textKeys: Bool) throws {
        var random = SplitMix64(seed: textKeys ? 47 : 53)
        let sort = textKeys ? [FetchSortDescriptor(\Match.group), FetchSortDescriptor(\Match.score)] : Self.integerSort
        let (keys, order) = try Self.sortKeys(count: 3_000, sort: sort, random: &random)
        var words = ResultEntries<Int>(maximumChunkCount: 16, order: order)
        var values = ResultEntries<Int>(maximumChunkCount: 16)
        var inside: [FetchSortKey] = []
        var outside = keys
        for step in 0..<4_000 {
            let inserting = !outside.isEmpty && (inside.isEmpty || Int.random(in: 0..<10, using: &random) < ((step / 1_000) % 2 == 0 ? 8 : 2))
            let key = inserting
                ? outside.remove(at: Int.random(in: 0..<outside.count, using: &random))
                : inside.remove(at: Int.random(in: 0..<inside.count, using: &random))
            let slot = words.slot(of: key, order: order)
            #expect(slot == values.slot(of: key, order: order) && slot.found != inserting, "step \(step)")
            if inserting {
                let entry = ResultEntry(sortKey: key, itemIdentifier: key.objectID.hashValue)
                words.insert(entry, at: slot.index)
                values.insert(entry, at: slot.index)
                inside.append(key)
            } else {
                #expect(words.remove(at: slot.index).objectID == key.objectID, "step \(step)")
                _ = values.remove(at: slot.index)
                outside.append(key)
            }
            words._checkInvariants()
            #expect(words.isPacked == !textKeys && words.count == values.count, "step \(step)")
        }
        #expect(words.map(\.objectID) == values.map(\.objectID))
        #expect(words.map(\.objectID) == inside.sorted { order.compare($0, $1) == .orderedAscending }.map(\.objectID))
    }
}
