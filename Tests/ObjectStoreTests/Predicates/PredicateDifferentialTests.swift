import Foundation
import ObjectStore
import Testing

/// Random predicates and sort descriptors over random data, evaluated by the store's SQL and in
/// memory: they must agree on every object, and orders must be identical.
///
/// `DIFFABLE_RANDOM_CASES` sets the number of random predicates (default 800, about 28,000
/// (predicate, object) pairs) and of random sorts (a quarter as many); `DIFFABLE_RANDOM_SEED`
/// the first seed (hexadecimal with `0x`). A failure prints its seed and the two settings that
/// reproduce it.
@MainActor @Suite struct PredicateDifferentialTests {
    private let playersPerStore = 40
    private let predicatesPerStore = 32

    private var firstSeed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["DIFFABLE_RANDOM_SEED"] else { return 0xD1FF_0000 }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? 0xD1FF_0000 : UInt64(text) ?? 0xD1FF_0000
    }

    @Test func randomPredicatesAgreeInSQLAndMemory() throws {
        let cases = caseCount("DIFFABLE_RANDOM_CASES", default: 800)
        var pairs = 0
        var matched = 0
        var checked = 0
        while checked < cases {
            let storeSeed = firstSeed &+ UInt64(checked)
            var generator = SplitMix64(seed: storeSeed)
            let container = try PredicateModel.inMemory()
            let context = container.viewContext
            let data = try RandomPredicateData.populate(context, players: playersPerStore, &generator)
            let playerIDs = data.players.map(\.objectID), clubIDs = data.clubs.map(\.objectID)
            for index in 0..<min(predicatesPerStore, cases - checked) {
                let seed = storeSeed &+ UInt64(index)
                var random = RandomPredicateGenerator(seed: seed, players: playerIDs, clubs: clubIDs)
                let onClubs = index % 8 == 7
                let format = onClubs
                    ? random.predicate(keys: RandomPredicateGenerator.clubKeys, toMany: RandomPredicateGenerator.clubToMany)
                    : random.predicate(keys: RandomPredicateGenerator.playerKeys, toMany: RandomPredicateGenerator.playerToMany)
                let arguments = random.arguments
                let answers: (sql: Set<Int64>, memory: Set<Int64>)
                if onClubs {
                    answers = try check(FetchPredicate<Club>(format: format, argumentArray: arguments), context, store: storeSeed, case: index)
                    pairs += data.clubs.count
                } else {
                    answers = try check(FetchPredicate<Player>(format: format, argumentArray: arguments), context, store: storeSeed, case: index)
                    pairs += data.players.count
                }
                matched += answers.sql.count
                checked += 1
            }
        }
        print("differential predicates: \(checked) predicates, \(pairs) (predicate, object) pairs, \(matched) matches, seeds from 0x\(String(firstSeed, radix: 16))")
        #expect(checked == cases)
        // Predicates that match almost nothing or almost everything would test little.
        if pairs >= 5_000 {
            let rate = Double(matched) / Double(pairs)
            #expect(rate > 0.2 && rate < 0.45, "match rate \(rate) of \(pairs) pairs")
        }
    }

    private func check<Root: ManagedObject>(_ predicate: FetchPredicate<Root>, _ context: ManagedObjectContext, store: UInt64, case index: Int) throws -> (sql: Set<Int64>, memory: Set<Int64>) {
        let seed = "store seed 0x\(String(store, radix: 16)) case \(index) (DIFFABLE_RANDOM_SEED=0x\(String(store, radix: 16)) DIFFABLE_RANDOM_CASES=\(index + 1))"
        let answers: (sql: Set<Int64>, memory: Set<Int64>)
        do {
            answers = try bothAnswers(predicate, in: context)
        } catch {
            Issue.record("\(seed): \(predicate) failed: \(error)")
            return ([], [])
        }
        if answers.sql != answers.memory {
            Issue.record("""
                \(seed): SQL and memory disagree on \(predicate)
                only SQL: \(answers.sql.subtracting(answers.memory).sorted()), only memory: \(answers.memory.subtracting(answers.sql).sorted())
                """)
        }
        return answers
    }

    @Test func randomSortsGiveTheSameOrderInSQLAndMemory() throws {
        let cases = max(1, caseCount("DIFFABLE_RANDOM_CASES", default: 800) / 4)
        let sortable: [(String, Bool)] = [
            ("name", true), ("nick", true), ("site", true), ("age", false), ("level", false), ("score", false), ("active", false),
            ("born", false), ("tag", false), ("blob", false), ("salary", false), ("club.name", true), ("club.rank", false),
            ("club.region.title", true), ("mentor.name", true), ("mentor.score", false), ("club", false),
        ]
        let comparators: [FetchSortComparator] = [.default, .caseInsensitive, .localizedStandard]
        var checked = 0
        var objectsOrdered = 0
        while checked < cases {
            let storeSeed = firstSeed &+ 0x8000_0000 &+ UInt64(checked)
            var generator = SplitMix64(seed: storeSeed)
            let container = try PredicateModel.inMemory()
            let context = container.viewContext
            let data = try RandomPredicateData.populate(context, players: playersPerStore, &generator)
            for index in 0..<min(16, cases - checked) {
                let seed = storeSeed &+ UInt64(index)
                var random = SplitMix64(seed: seed)
                var request = FetchRequest<Player>()
                request.includesPendingChanges = false
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let (key, isText) = RandomPredicateData.pick(sortable, &random)
                    let comparator = isText ? RandomPredicateData.pick(comparators, &random) : .default
                    request.sortDescriptors.append(FetchSortDescriptor(key, ascending: Bool.random(using: &random), comparator: comparator))
                }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    var predicates = RandomPredicateGenerator(seed: seed, players: data.players.map(\.objectID), clubs: data.clubs.map(\.objectID))
                    let format = predicates.predicate(keys: RandomPredicateGenerator.playerKeys, toMany: RandomPredicateGenerator.playerToMany)
                    request.predicate = try FetchPredicate(format: format, argumentArray: predicates.arguments)
                }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    request.fetchOffset = Int.random(in: 0..<5, using: &random)
                    request.fetchLimit = Int.random(in: 1..<30, using: &random)
                }
                let sql = try context.fetchObjectIDs(request).map(\.key)
                let memory = try inMemoryOrder(request, data.players)
                if sql != memory {
                    Issue.record("store seed 0x\(String(storeSeed, radix: 16)) case \(index) (DIFFABLE_RANDOM_SEED=0x\(String(storeSeed &- 0x8000_0000, radix: 16)) DIFFABLE_RANDOM_CASES=\(4 * (index + 1))): orders differ for \(request.sortDescriptors) \(request.predicate.map { "\($0)" } ?? "")\nSQL:    \(sql)\nmemory: \(memory)")
                }
                objectsOrdered += sql.count
                checked += 1
            }
        }
        print("differential sorts: \(checked) random sorts, \(objectsOrdered) objects ordered")
        #expect(checked == cases)
        if checked >= 50 {
            // Most sorts order many objects (a few are cut by a limit or a predicate).
            #expect(objectsOrdered > checked * 10 && objectsOrdered < checked * 40, "\(objectsOrdered) objects in \(checked) sorts")
        }
    }

    /// The request's order computed in memory (the path a fetched results controller takes).
    private func inMemoryOrder(_ request: FetchRequest<Player>, _ players: [Player]) throws -> [Int64] {
        let entity = PredicateModel.model.entity(for: Player.self)
        let query = try request.storeQuery(entity: entity)
        var rows = players.filter { query.matches($0) }.map { query.row(of: $0) }
        rows.sort { query.areInIncreasingOrder($0, $1) }
        let start = min(query.offset, rows.count)
        let end = query.limit.map { min(start + $0, rows.count) } ?? rows.count
        return rows[start..<end].map(\.key)
    }
}
