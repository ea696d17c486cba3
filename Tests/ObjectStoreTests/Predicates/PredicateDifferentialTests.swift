import Foundation
import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Random predicates and sort descriptors over random data, evaluated by the store's SQL and in
/// memory: they must agree on every object, and orders must be identical, the public compiled
/// request's comparator included (a strict total order, ties broken by object ID as the store
/// breaks them).
///
/// Memory evaluates objects as they were inserted, again in a fresh context from faults (values
/// read back from the store), and with random unsaved changes (compared with SQL after saving;
/// the compiled request on committed values also with the store before saving).
///
/// The tests run on each store backend. On SQLite,
/// `DIFFABLE_RANDOM_CASES` sets the number of random predicates (default 800, about 28,000
/// (predicate, object) pairs, 40 players in each store); the other passes run a quarter as many.
/// On PostgreSQL the first pass runs as many predicates on stores of 160 players (about 105,000
/// pairs by default), whose answers are compared with memory's on the same objects of an SQLite
/// twin held in memory, and the other passes a thirty-second. `DIFFABLE_RANDOM_SEED` sets the first seed (hexadecimal with `0x`). A
/// failure prints its seed and the two settings that reproduce it on its backend.
@MainActor @Suite struct PredicateDifferentialTests {
    /// How large the random stores of a backend are, how many predicates run on each, and what
    /// share of `DIFFABLE_RANDOM_CASES` the typed, unsaved-changes and sort passes run.
    private struct Scale {
        /// The players of a store of the first pass.
        var playersPerStore: Int
        /// The players of a store of the other passes.
        var otherPlayersPerStore: Int
        var predicatesPerStore: Int
        var sortsPerStore: Int
        /// The share of `DIFFABLE_RANDOM_CASES` the first pass runs.
        var firstPassDivisor: Int
        /// The share the other passes run.
        var otherPassesDivisor: Int

        init(_ backend: StoreBackend) {
            if backend == .sqlite {
                self = Scale(playersPerStore: 40, otherPlayersPerStore: 40, predicatesPerStore: 32, sortsPerStore: 16, firstPassDivisor: 1, otherPassesDivisor: 4)
            } else {
                // A store on a server costs a schema of its own: fewer, larger ones. The first
                // pass runs as many predicates as on SQLite over four times the players (about
                // 105,000 pairs); memory evaluation in the server store's contexts reads related
                // objects with a round trip each: the other passes run fewer cases.
                self = Scale(playersPerStore: 160, otherPlayersPerStore: 30, predicatesPerStore: 800, sortsPerStore: 50, firstPassDivisor: 1, otherPassesDivisor: 32)
            }
        }

        private init(playersPerStore: Int, otherPlayersPerStore: Int, predicatesPerStore: Int, sortsPerStore: Int, firstPassDivisor: Int, otherPassesDivisor: Int) {
            self.firstPassDivisor = firstPassDivisor
            self.playersPerStore = playersPerStore
            self.otherPlayersPerStore = otherPlayersPerStore
            self.predicatesPerStore = predicatesPerStore
            self.sortsPerStore = sortsPerStore
            self.otherPassesDivisor = otherPassesDivisor
        }

        /// The cases of the first pass.
        var firstPassCases: Int {
            max(1, TestEnvironment.count("DIFFABLE_RANDOM_CASES", default: 800) / firstPassDivisor)
        }

        /// The cases of a pass other than the first.
        var otherPassCases: Int {
            max(1, TestEnvironment.count("DIFFABLE_RANDOM_CASES", default: 800) / otherPassesDivisor)
        }
    }

    private var firstSeed: UInt64 { TestEnvironment.seed("DIFFABLE_RANDOM_SEED", default: 0xD1FF_0000) }

    /// A random predicate over one of the three root entities, as format, arguments and
    /// variables.
    private struct RandomCase {
        enum Root { case player, club, medal }
        var root: Root
        var format: String
        var arguments: [(any PredicateArgument)?]
        var variables: [String: (any PredicateArgument)?]

        init(seed: UInt64, index: Int, _ objects: RandomPredicateData.Objects) {
            var random = RandomPredicateGenerator(seed: seed, players: objects.players.map(\.objectID), clubs: objects.clubs.map(\.objectID))
            switch index % 8 {
            case 7:
                root = .club
                format = random.predicate(keys: RandomPredicateGenerator.clubKeys, toMany: RandomPredicateGenerator.clubToMany)
            case 6 where index % 16 == 6:
                root = .medal
                format = random.predicate(keys: RandomPredicateGenerator.medalKeys, toMany: RandomPredicateGenerator.medalToMany)
            default:
                root = .player
                format = random.predicate(keys: RandomPredicateGenerator.playerKeys, toMany: RandomPredicateGenerator.playerToMany)
            }
            arguments = random.arguments
            variables = random.variables
        }

        func predicate<Entity: ManagedObject>(_ type: Entity.Type) throws -> FetchPredicate<Entity> {
            let parsed = try FetchPredicate<Entity>(format: format, argumentArray: arguments)
            return variables.isEmpty ? parsed : parsed.withSubstituting(variables)
        }
    }

    @Test(arguments: StoreBackend.all) func randomPredicatesAgreeInSQLAndMemory(_ backend: StoreBackend) async throws {
        let scale = Scale(backend), cases = scale.firstPassCases
        var pairs = 0
        var matched = 0
        let checked = try await forEachRandomStore(on: backend, offset: 0, cases: cases, players: scale.playersPerStore, perStore: scale.predicatesPerStore, twin: true) { store in
            let storeSeed = store.seed, context = store.context, objects = store.objects
            // Memory evaluates the store's own objects, or the same objects of the twin held in
            // memory.
            let memory = store.twin ?? (store.container, objects)
            let inMemory = try store.twin.map { try InMemoryObjectReader($0.container.viewContext) }
            let fresh = memory.container.newBackgroundContext()
            for index in 0..<store.count {
                let random = RandomCase(seed: storeSeed &+ UInt64(index), index: index, objects)
                let mirrored = RandomCase(seed: storeSeed &+ UInt64(index), index: index, memory.objects)
                let place = Self.place(store: storeSeed, case: index, passes: scale.firstPassDivisor)
                // Every fourth predicate starts from faults again.
                if index % 4 == 0 && inMemory == nil { fresh.performAndWait { fresh.reset() } }
                let sides = (context, memory.container.viewContext, fresh, inMemory)
                let answers: (sql: Set<Int64>, memory: Set<Int64>)?
                switch random.root {
                case .player:
                    answers = check(try random.predicate(Player.self), try mirrored.predicate(Player.self), sides, ids: memory.objects.players.map(\.objectID), place)
                    pairs += objects.players.count
                case .club:
                    answers = check(try random.predicate(Club.self), try mirrored.predicate(Club.self), sides, ids: memory.objects.clubs.map(\.objectID), place)
                    pairs += objects.clubs.count
                case .medal:
                    answers = check(try random.predicate(Medal.self), try mirrored.predicate(Medal.self), sides, ids: memory.objects.medals.map(\.objectID), place)
                    pairs += objects.medals.count
                }
                matched += answers?.sql.count ?? 0
            }
        }
        #expect(checked == cases)
        if backend != .sqlite && cases >= 800 {
            #expect(pairs >= 100_000, "\(pairs) pairs")
        }
        // Predicates that match almost nothing or almost everything would test little.
        if pairs >= 5_000 {
            let rate = Double(matched) / Double(pairs)
            #expect(rate > 0.2 && rate < 0.45, "match rate \(rate) of \(pairs) pairs")
        }
    }

    /// The store's SQL answer for `predicate` in `sides.store`, memory's for `mirrored` (the same
    /// predicate naming the memory side's objects) in `sides.memory` (objects as inserted) and
    /// in `sides.fresh` (objects of `ids` loaded from faults); records an issue when they differ.
    /// The memory side is the store's own context; for a server store, the objects of its SQLite
    /// twin held in memory (`sides.inMemory`: the SQLite store's own pass checks the twin's
    /// SQL and faults).
    private func check<Root: ManagedObject>(
        _ predicate: FetchPredicate<Root>, _ mirrored: FetchPredicate<Root>,
        _ sides: (store: ManagedObjectContext, memory: ManagedObjectContext, fresh: ManagedObjectContext, inMemory: InMemoryObjectReader?),
        ids: [ObjectID], _ place: String
    ) -> (sql: Set<Int64>, memory: Set<Int64>)? {
        let fresh = sides.fresh
        do {
            if let inMemory = sides.inMemory {
                var request = FetchRequest<Root>(predicate: predicate)
                request.includesPendingChanges = false
                let sql = Set(try sides.store.fetchObjectIDs(request).map(\.key))
                let entity = sides.memory.model.entity(for: Root.self)
                let compiled = try BoundPredicate(mirrored.node, entity: entity)
                var memory: Set<Int64> = []
                for id in ids where try compiled.evaluate(inMemory.object(entity, key: id.key)) { memory.insert(id.key) }
                if sql != memory {
                    Issue.record("""
                        \(place): SQL and memory disagree on \(predicate)
                        only SQL: \(sql.subtracting(memory).sorted()), only memory: \(memory.subtracting(sql).sorted())
                        """)
                }
                return (sql, memory)
            }
            var answers = try bothAnswers(mirrored, in: sides.memory)
            if sides.store !== sides.memory {
                var request = FetchRequest<Root>(predicate: predicate)
                request.includesPendingChanges = false
                answers.sql = Set(try sides.store.fetchObjectIDs(request).map(\.key))
            }
            let compiled = try BoundPredicate(mirrored.node, entity: sides.memory.model.entity(for: Root.self))
            let reloaded = try fresh.performAndWait { () throws -> Set<Int64> in
                var keys: Set<Int64> = []
                for id in ids where try compiled.evaluate(fresh.object(with: id)) { keys.insert(id.key) }
                return keys
            }
            if answers.sql != answers.memory || answers.sql != reloaded {
                Issue.record("""
                    \(place): SQL and memory disagree on \(predicate)
                    only SQL: \(answers.sql.subtracting(answers.memory).sorted()), only memory: \(answers.memory.subtracting(answers.sql).sorted())
                    from faults, only SQL: \(answers.sql.subtracting(reloaded).sorted()), only memory: \(reloaded.subtracting(answers.sql).sorted())
                    """)
            }
            return answers
        } catch {
            Issue.record("\(place): \(predicate) failed: \(error)")
            return nil
        }
    }

    @Test(arguments: StoreBackend.all) func randomTypedPredicatesAgreeInSQLAndMemoryAndWithTheirFormat(_ backend: StoreBackend) async throws {
        let scale = Scale(backend), cases = scale.otherPassCases
        var matched = 0
        var reparsed = 0
        let checked = try await forEachRandomStore(on: backend, offset: 0xC000_0000, cases: cases, players: scale.otherPlayersPerStore, perStore: scale.predicatesPerStore) { store in
            let storeSeed = store.seed, context = store.context, objects = store.objects
            let entity = context.model.entity(for: Player.self)
            for index in 0..<store.count {
                var random = RandomTypedPredicates(seed: storeSeed &+ UInt64(index), clubs: objects.clubs)
                let typed = random.predicate()
                let place = Self.place(store: storeSeed &- 0xC000_0000, case: index, passes: scale.otherPassesDivisor)
                do {
                    let answers = try bothAnswers(typed, in: context)
                    let format = FetchPredicate<Player>(node: typed.resolvingKeyPaths(on: entity)).predicateFormat
                    if answers.sql != answers.memory {
                        Issue.record("\(place): typed \(format) selects \(answers.sql.sorted()) in SQL, \(answers.memory.sorted()) in memory")
                    }
                    // The same predicate written as a format string and parsed back, when its
                    // constants have a literal form (NaN, infinities and objects have none).
                    if let parsed = try? bothAnswers(FetchPredicate<Player>(format: format), in: context) {
                        reparsed += 1
                        if parsed.sql != answers.sql || parsed.memory != answers.sql {
                            Issue.record("\(place): typed \(format) selects \(answers.sql.sorted()), parsed back \(parsed.sql.sorted()) in SQL and \(parsed.memory.sorted()) in memory")
                        }
                    }
                    matched += answers.sql.count
                } catch {
                    Issue.record("\(place): typed \(typed) failed: \(error)")
                }
            }
        }
        #expect(checked == cases)
        #expect(reparsed * 2 > checked, "only \(reparsed) of \(checked) typed predicates parse back from their format")
    }

    /// A request run with unsaved changes, to compare with the store after saving.
    private struct PendingCheck {
        var place: String
        var request: String
        /// The keys fetched with unsaved changes (in key order when the request has no sort).
        var fetched: [Int64]
        /// The keys memory selects among the registered objects (nil with a limit or offset).
        var memory: Set<Int64>?
        /// Fetches the keys from the store alone.
        var stored: () throws -> [Int64]
    }

    @Test(arguments: StoreBackend.all) func randomPredicatesWithUnsavedChangesAgreeWithAFetchAfterSaving(_ backend: StoreBackend) async throws {
        let scale = Scale(backend), cases = scale.otherPassCases
        var unsaved = 0
        let checked = try await forEachRandomStore(on: backend, offset: 0x4000_0000, cases: cases, players: scale.otherPlayersPerStore, perStore: scale.predicatesPerStore) { store in
            let storeSeed = store.seed, context = store.context, saved = store.objects
            try RandomPredicateData.mutate(
                context, &store.objects, count: Int.random(in: 1...20, using: &store.generator), textHoldsNUL: backend.textHoldsNUL, &store.generator)
            unsaved += context.insertedObjects.count + context.updatedObjects.count + context.deletedObjects.count
            var checks: [PendingCheck] = []
            for index in 0..<store.count {
                // Arguments name saved objects, deleted ones included.
                let random = RandomCase(seed: storeSeed &+ UInt64(index), index: index, saved)
                let place = Self.place(store: storeSeed &- 0x4000_0000, case: index, passes: scale.otherPassesDivisor)
                do {
                    switch random.root {
                    case .player:
                        var request = FetchRequest<Player>(predicate: try random.predicate(Player.self))
                        var sortRandom = SplitMix64(seed: storeSeed &+ UInt64(index) &+ 0x77)
                        if index % 3 == 0 { Self.randomOrder(&request, &sortRandom) }
                        checks.append(try Self.pendingCheck(request, context, place))
                    case .club:
                        checks.append(try Self.pendingCheck(FetchRequest<Club>(predicate: try random.predicate(Club.self)), context, place))
                    case .medal:
                        checks.append(try Self.pendingCheck(FetchRequest<Medal>(predicate: try random.predicate(Medal.self)), context, place))
                    }
                } catch {
                    Issue.record("\(place): \(random.format) failed with unsaved changes: \(error)")
                }
            }
            try context.save()
            for check in checks {
                let stored = try check.stored()
                if stored != check.fetched || (check.memory.map { $0 != Set(stored) } ?? false) {
                    Issue.record("""
                        \(check.place): with unsaved changes, \(check.request)
                        fetched \(check.fetched) and selected \(check.memory?.sorted() ?? []) in memory; after saving, the store gives \(stored)
                        """)
                }
            }
        }
        #expect(checked == cases)
    }

    /// Runs `request` with the context's unsaved changes: fetched, and (without limit or
    /// offset) evaluated in memory on every registered object of the entity.
    private static func pendingCheck<Entity: ManagedObject>(_ request: FetchRequest<Entity>, _ context: ManagedObjectContext, _ place: String) throws -> PendingCheck {
        let inKeyOrder = request.sortDescriptors.isEmpty
        let fetched = try context.fetchObjectIDs(request).map(\.key)
        var memory: Set<Int64>?
        if request.fetchLimit == 0 && request.fetchOffset == 0 {
            let entity = context.model.entity(for: Entity.self)
            let compiled = try BoundPredicate((request.predicate ?? FetchPredicate(value: true)).node, entity: entity)
            var keys: Set<Int64> = []
            for object in context.registeredObjects where object.entity === entity && !object.isDeleted {
                if try compiled.evaluate(object) { keys.insert(object.objectID.key) }
            }
            memory = keys
        }
        var stored = request
        stored.includesPendingChanges = false
        let description = "\(request.predicate.map { "\($0)" } ?? "") \(request.sortDescriptors) limit \(request.fetchLimit) offset \(request.fetchOffset)"
        if request.fetchLimit == 0 && request.fetchOffset == 0 {
            // The public compiled request, on current values (the fetch with unsaved changes)
            // and on committed values (the store's fetch before saving).
            let committedKeys = try context.fetchObjectIDs(stored).map(\.key)
            for (checked, expected, source) in [(request, fetched, ObjectValueSource.current), (stored, committedKeys, .committed)] {
                let compiled = try CompiledFetchRequest(checked, model: context.model)
                let objects = try context.registeredObjects.compactMap { $0 as? Entity }.filter { try compiled.includes($0) }
                let ordered = objects.map { compiled.sortKey(of: $0) }.sorted { compiled.areInIncreasingOrder($0, $1) }.map(\.objectID.key)
                if inKeyOrder ? Set(ordered) != Set(expected) : ordered != expected {
                    Issue.record("\(place): on \(source) values the compiled request selects \(ordered) for \(description), the fetch \(expected)")
                }
            }
        }
        return PendingCheck(place: place, request: description, fetched: inKeyOrder ? fetched.sorted() : fetched, memory: memory) {
            let keys = try context.fetchObjectIDs(stored).map(\.key)
            return inKeyOrder ? keys.sorted() : keys
        }
    }

    private static let sortable: [(String, Bool)] = [
        ("name", true), ("nick", true), ("site", true), ("age", false), ("level", false), ("score", false), ("active", false),
        ("born", false), ("tag", false), ("blob", false), ("salary", false), ("club.name", true), ("club.rank", false),
        ("club.region.title", true), ("mentor.name", true), ("mentor.score", false), ("club", false),
    ]

    /// Adds 1–3 random sort descriptors and, a third of the time, a limit and offset.
    private static func randomOrder(_ request: inout FetchRequest<Player>, _ random: inout SplitMix64) {
        let comparators: [FetchSortComparator] = [.default, .caseInsensitive, .localizedStandard]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let (key, isText) = RandomPredicateData.pick(sortable, &random)
            let comparator = isText ? RandomPredicateData.pick(comparators, &random) : .default
            request.sortDescriptors.append(FetchSortDescriptor(key, ascending: Bool.random(using: &random), comparator: comparator))
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            request.fetchOffset = Int.random(in: 0..<5, using: &random)
            request.fetchLimit = Int.random(in: 1..<30, using: &random)
        }
    }

    @Test(arguments: StoreBackend.all) func randomSortsGiveTheSameOrderInSQLAndMemory(_ backend: StoreBackend) async throws {
        let scale = Scale(backend), cases = scale.otherPassCases
        var objectsOrdered = 0
        let checked = try await forEachRandomStore(on: backend, offset: 0x8000_0000, cases: cases, players: scale.otherPlayersPerStore, perStore: scale.sortsPerStore) { store in
            let storeSeed = store.seed, context = store.context, objects = store.objects
            for index in 0..<store.count {
                let seed = storeSeed &+ UInt64(index)
                var random = SplitMix64(seed: seed)
                var request = FetchRequest<Player>()
                request.includesPendingChanges = false
                if index % 8 == 5 {
                    // No sort descriptors: key order, also under a limit and offset.
                    request.fetchOffset = Int.random(in: 0..<5, using: &random)
                    request.fetchLimit = Int.random(in: 1..<30, using: &random)
                } else {
                    Self.randomOrder(&request, &random)
                }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    var predicates = RandomPredicateGenerator(seed: seed, players: objects.players.map(\.objectID), clubs: objects.clubs.map(\.objectID))
                    let format = predicates.predicate(keys: RandomPredicateGenerator.playerKeys, toMany: RandomPredicateGenerator.playerToMany)
                    request.predicate = try FetchPredicate<Player>(format: format, argumentArray: predicates.arguments).withSubstituting(predicates.variables)
                }
                let sql = try context.fetchObjectIDs(request).map(\.key)
                let memory = try inMemoryOrder(request, objects.players)
                let place = "store seed 0x\(String(storeSeed, radix: 16)) case \(index) (DIFFABLE_RANDOM_SEED=0x\(String(storeSeed &- 0x8000_0000, radix: 16)) DIFFABLE_RANDOM_CASES=\(4 * (index + 1)))"
                let described = "\(request.sortDescriptors) \(request.predicate.map { "\($0)" } ?? "") limit \(request.fetchLimit) offset \(request.fetchOffset)"
                if sql != memory {
                    Issue.record("\(place): orders differ for \(described)\nSQL:    \(sql)\nmemory: \(memory)")
                }
                let compared = try comparatorOrder(request, objects.players)
                if sql != compared.order {
                    Issue.record("\(place): the compiled request's comparator orders differently for \(described)\nSQL:        \(sql)\ncomparator: \(compared.order)")
                }
                if let violation = compared.violation {
                    Issue.record("\(place): the comparator is not a total order for \(described): \(violation)")
                }
                objectsOrdered += sql.count
            }
        }
        #expect(checked == cases)
        if checked >= 50 {
            // Most sorts order many objects (a few are cut by a limit or a predicate).
            let players = scale.otherPlayersPerStore
            #expect(objectsOrdered > checked * players / 4 && objectsOrdered < checked * players, "\(objectsOrdered) objects in \(checked) sorts")
        }
    }

    /// The request's order computed in memory (the path a fetched results controller takes).
    private func inMemoryOrder(_ request: FetchRequest<Player>, _ players: [Player]) throws -> [Int64] {
        let entity = PredicateModel.model.entity(for: Player.self)
        let query = try request.storeQuery(entity: entity)
        var rows = try players.filter { try query.evaluate($0) }.map { query.row(of: $0) }
        rows.sort { query.areInIncreasingOrder($0, $1) }
        let start = min(query.offset, rows.count)
        let end = query.limit.map { min(start + $0, rows.count) } ?? rows.count
        return rows[start..<end].map(\.key)
    }

    /// The request's results ordered by the public compiled request: filtered with
    /// `includes(_:)`, sorted by `compare(_:_:)` on sort keys, then cut by offset and limit; and the
    /// first violation of a strict total order among them, if any (an object not the same as
    /// itself, two objects the same, or a pair not ordered the same way both ways round).
    private func comparatorOrder(_ request: FetchRequest<Player>, _ players: [Player]) throws -> (order: [Int64], violation: String?) {
        let compiled = try CompiledFetchRequest(request, model: PredicateModel.model)
        let keys = try players.filter { try compiled.includes($0) }.map { compiled.sortKey(of: $0) }
        let sorted = keys.sorted { compiled.areInIncreasingOrder($0, $1) }
        var violation: String?
        for (index, key) in sorted.enumerated() {
            if compiled.compare(key, key) != .orderedSame { violation = "\(key.objectID.key) is not the same as itself" }
            guard index > 0 else { continue }
            let previous = sorted[index - 1]
            if compiled.compare(previous, key) != .orderedAscending || compiled.compare(key, previous) != .orderedDescending {
                violation = "\(previous.objectID.key) and \(key.objectID.key) are not strictly ordered"
            }
        }
        let start = min(request.fetchOffset, sorted.count)
        let end = request.fetchLimit > 0 ? min(start + request.fetchLimit, sorted.count) : sorted.count
        return (sorted[start..<end].map(\.objectID.key), violation)
    }

    /// A new random store, for a batch of cases.
    private struct RandomStore {
        let seed: UInt64
        let container: PersistentContainer
        /// For a server store, the same objects in an in-memory SQLite store, where memory
        /// evaluation reads related objects without a round trip to the server.
        var twin: (container: PersistentContainer, objects: RandomPredicateData.Objects)?
        var context: ManagedObjectContext { container.viewContext }
        /// Its objects (saved, registered in `context`).
        var objects: RandomPredicateData.Objects
        /// The generator that filled it, to go on with.
        var generator: SplitMix64
        /// How many cases to run on it.
        let count: Int
    }

    /// Runs `body` on new random stores of `backend` with `players` players (seeded from the first seed + `offset` + the
    /// cases run before) until `cases` cases have run, at most `perStore` on each; returns how
    /// many ran. With `twin`, a store that is not SQLite's comes with its SQLite twin.
    private func forEachRandomStore(
        on backend: StoreBackend, offset: UInt64, cases: Int, players: Int, perStore: Int, twin: Bool = false, _ body: (inout RandomStore) throws -> Void
    ) async throws -> Int {
        var checked = 0
        while checked < cases {
            let seed = firstSeed &+ offset &+ UInt64(checked)
            var generator = SplitMix64(seed: seed)
            let container = try await backend.container(name: "Predicates", model: PredicateModel.model)
            let objects = try RandomPredicateData.populate(container.viewContext, players: players, textHoldsNUL: backend.textHoldsNUL, &generator)
            var store = RandomStore(seed: seed, container: container, objects: objects, generator: generator, count: min(perStore, cases - checked))
            if twin && backend != .sqlite {
                var twinGenerator = SplitMix64(seed: seed)
                let twinContainer = try PredicateModel.inMemory()
                let twinObjects = try RandomPredicateData.populate(twinContainer.viewContext, players: players, textHoldsNUL: backend.textHoldsNUL, &twinGenerator)
                // The same objects with the same keys: answers compare by key.
                #expect(twinObjects.players.map(\.objectID.key) == objects.players.map(\.objectID.key))
                #expect(twinObjects.clubs.map(\.objectID.key) == objects.clubs.map(\.objectID.key))
                #expect(twinObjects.medals.map(\.objectID.key) == objects.medals.map(\.objectID.key))
                store.twin = (twinContainer, twinObjects)
            }
            try body(&store)
            checked += store.count
        }
        return checked
    }

    /// Where a case comes from, with the settings that run it first (`passes`: how many times
    /// `DIFFABLE_RANDOM_CASES` exceeds the pass's own count).
    private static func place(store: UInt64, case index: Int, passes: Int = 1) -> String {
        "store seed 0x\(String(store, radix: 16)) case \(index) (DIFFABLE_RANDOM_SEED=0x\(String(store, radix: 16)) DIFFABLE_RANDOM_CASES=\(passes * (index + 1)))"
    }
}
