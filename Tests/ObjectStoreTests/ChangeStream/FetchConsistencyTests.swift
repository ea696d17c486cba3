import Foundation
import ObjectStore
import TestSupport
import Testing

/// Fetch, then follow the change stream: a seeded random run where background contexts save
/// while an observer context edits, saves, rolls back, fetches again and replays every event on
/// the results of its last fetch. After every step the replayed results equal a fresh fetch, for
/// current and for committed values, and the saved inserts and deletes it replayed were exactly
/// the ones its fetch did not contain already (no change missed, none repeated).
///
/// `OBJECTSTORE_CONSISTENCY_STEPS` sets the number of steps (default 2,000),
/// `OBJECTSTORE_CONSISTENCY_SEED` the seed (hexadecimal with `0x`); a failure prints both.
@Suite struct FetchConsistencyTests {
    /// The observer's results, as fetched and then followed; used on its context's queue only.
    final class Replay: @unchecked Sendable {
        /// The events matching the predicate on current values, and on committed values.
        var current: Set<ObjectID> = []
        var committed: Set<ObjectID> = []
        /// Every event saved (matching or not): the saved inserts and deletes it follows.
        var saved: Set<ObjectID> = []
        /// The point of the stream the results reflect.
        var position: Int64 = 0
        /// The last event delivered, to check that none is skipped.
        var lastDelivered: Int64 = 0
        var problems: [String] = []
        /// How many times the results were compared with fresh fetches.
        var comparisons = 0
    }

    /// The observer's queries.
    struct Queries: Sendable {
        let current: CompiledFetchRequest<Event>
        let committed: CompiledFetchRequest<Event>
        let saved: FetchRequest<Event>
    }

    private var seed: UInt64 { TestEnvironment.seed("OBJECTSTORE_CONSISTENCY_SEED", default: 0xC0_5157) }

    @Test func fetchThenFollowEqualsAFreshFetchWhileOtherContextsSave() async throws {
        let steps = TestEnvironment.count("OBJECTSTORE_CONSISTENCY_STEPS", default: 2_000)
        let seed = seed
        let place = "OBJECTSTORE_CONSISTENCY_SEED=0x\(String(seed, radix: 16)) OBJECTSTORE_CONSISTENCY_STEPS=\(steps)"
        let (container, url) = try TestModel.onDisk(name: "Consistency")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let setup = container.newBackgroundContext()
        let initial = try setup.performAndWait { () throws -> [ObjectID] in
            var generator = SplitMix64(seed: seed)
            let events = try (0..<40).map { index -> Event in
                let event = try setup.insertEvent(code: "e\(index)")
                event.attendance = Int.random(in: 0..<10, using: &generator)
                return event
            }
            try setup.save()
            return events.map(\.objectID)
        }
        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "attendance >= 5"))
        let current = try CompiledFetchRequest(request, model: container.model)
        request.includesPendingChanges = false
        var saved = FetchRequest<Event>()
        saved.includesPendingChanges = false
        let queries = Queries(current: current, committed: try CompiledFetchRequest(request, model: container.model), saved: saved)

        let observer = container.newBackgroundContext(name: "observer")
        observer.automaticallyMergesChangesFromParent = true
        let replay = Replay()
        let token = observer.addChangeObserver { event in
            Self.follow(event, replay, observer, queries)
        }
        defer { token.cancel() }
        try observer.performAndWait { () throws in try Self.refetch(replay, observer, queries) }

        // Two background contexts with merge policies that write deleted rows again or let the
        // store win, so that inserts, updates and deletes of one object race.
        let savers = (0..<2).map { index -> (ManagedObjectContext, WorkerState) in
            let saver = container.newBackgroundContext(name: "saver \(index)")
            saver.mergePolicy = index == 0 ? .mergeByPropertyObjectTrump : .mergeByPropertyStoreTrump
            let state = WorkerState(seed: seed &+ UInt64(index) &+ 1)
            state.own = initial
            return (saver, state)
        }
        let observerState = WorkerState(seed: seed &+ 0x0B5E)
        observerState.own = initial
        for step in 0..<steps {
            // The savers save while the observer works and fetches.
            let saving = savers.map { saver, state in
                Task.detached {
                    try await saver.perform { () throws in
                        for _ in 0..<Int.random(in: 1...2, using: &state.generator) {
                            try Self.randomChanges(saver, &state.own, &state.generator, tag: saver.identifier.name ?? "")
                            try saver.save()
                        }
                    }
                }
            }
            try await observer.perform { () throws in
                switch Int.random(in: 0..<10, using: &observerState.generator) {
                case 0..<3: try Self.randomChanges(observer, &observerState.own, &observerState.generator, tag: "observer")
                case 3: _ = observer.saveError()
                case 4: observer.rollback()
                case 5..<7: try Self.refetch(replay, observer, queries)
                default: observer.processPendingChanges()
                }
            }
            for task in saving { try await task.value }
            let mismatch = try await observer.perform { () throws -> String? in
                // Once the saves are in, compare with fresh fetches, when the replay has applied
                // every event up to them and has read nothing the stream has not reported yet.
                while true {
                    let fresh = try Self.consistentFetches(observer, queries)
                    observer.processPendingChanges()
                    replay.comparisons += 1
                    guard !observer.hasReadAheadOfItsStream, observer.changeSequenceNumber == fresh.position else { continue }
                    var differences: [String] = []
                    if replay.position != fresh.position { differences.append("replayed through \(replay.position), fetched at \(fresh.position)") }
                    for (name, replayed, fetched) in [("current", replay.current, fresh.current), ("committed", replay.committed, fresh.committed), ("saved", replay.saved, fresh.saved)]
                    where replayed != fetched {
                        differences.append("\(name): only replayed \(replayed.subtracting(fetched).map(\.key).sorted()), only fetched \(fetched.subtracting(replayed).map(\.key).sorted())")
                    }
                    differences += replay.problems
                    return differences.isEmpty ? nil : differences.joined(separator: "; ")
                }
            }
            if let mismatch {
                Issue.record("\(place) step \(step): \(mismatch)")
                break
            }
        }
    }

    /// Fresh fetches of the three results, taken at one point of the stream.
    private static func consistentFetches(_ context: ManagedObjectContext, _ queries: Queries) throws -> (current: Set<ObjectID>, committed: Set<ObjectID>, saved: Set<ObjectID>, position: Int64) {
        func ids(_ request: FetchRequest<Event>) throws -> (Set<ObjectID>, Int64) {
            var request = request
            request.resultType = .managedObjectIDs
            let (result, position) = try context.executeReportingSequenceNumber(request)
            guard case .objectIDs(let ids) = result else { return ([], -1) }
            return (Set(ids), position)
        }
        while true {
            let (current, position) = try ids(queries.current.request)
            let (committed, committedPosition) = try ids(queries.committed.request)
            let (saved, savedPosition) = try ids(queries.saved)
            guard committedPosition == position, savedPosition == position else { continue }
            return (current, committed, saved, position)
        }
    }

    /// Starts following again from fresh fetches.
    private static func refetch(_ replay: Replay, _ context: ManagedObjectContext, _ queries: Queries) throws {
        let fresh = try consistentFetches(context, queries)
        replay.current = fresh.current
        replay.committed = fresh.committed
        replay.saved = fresh.saved
        replay.position = fresh.position
    }

    /// Applies one event to the results: events it names are evaluated again (on current values;
    /// on committed values for saved changes and resets). A saved insert must be new to the
    /// results and a saved delete must remove an event they hold: anything else is a change
    /// the fetch already contained, or one the stream missed.
    private static func follow(_ event: ChangeEvent, _ replay: Replay, _ context: ManagedObjectContext, _ queries: Queries) {
        if event.sequenceNumber != replay.lastDelivered + 1 {
            replay.problems.append("event \(event.sequenceNumber) delivered after \(replay.lastDelivered)")
        }
        replay.lastDelivered = event.sequenceNumber
        guard event.sequenceNumber > replay.position else { return }
        replay.position = event.sequenceNumber
        let entity = queries.current.entity
        if event.isSaved, let changeSet = event.changeSet {
            for id in changeSet.insertedObjectIDs where id.entity === entity && !replay.saved.insert(id).inserted {
                replay.problems.append("event \(event.sequenceNumber) inserts \(id.key), which the results hold already")
            }
            for id in changeSet.deletedObjectIDs where id.entity === entity && replay.saved.remove(id) == nil {
                replay.problems.append("event \(event.sequenceNumber) deletes \(id.key), which the results do not hold")
            }
        }
        let listed = event.insertedObjectIDs.union(event.updatedObjectIDs).union(event.deletedObjectIDs)
            .union(event.refreshedObjectIDs).union(event.invalidatedObjectIDs)
        do {
            for id in listed where id.entity === entity {
                guard let object = context.object(with: id) as? Event else { continue }
                if try queries.current.includes(object) { replay.current.insert(id) } else { replay.current.remove(id) }
                if event.isSaved || event.kind == .reset {
                    if try queries.committed.includes(object) { replay.committed.insert(id) } else { replay.committed.remove(id) }
                }
            }
        } catch {
            replay.problems.append("event \(event.sequenceNumber): \(error)")
        }
    }

    /// One to three random changes: an insert, an attendance change or a delete of an event,
    /// among those `own` remembers (deleted ones included: another context may bring them back).
    private static func randomChanges(_ context: ManagedObjectContext, _ own: inout [ObjectID], _ generator: inout SplitMix64, tag: String) throws {
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                let event = try context.insertEvent(code: "\(tag) \(generator.next() % 1_000_000)")
                event.attendance = Int.random(in: 0..<10, using: &generator)
                own.append(event.objectID)
            case 1 where !own.isEmpty:
                let id = own[Int.random(in: 0..<own.count, using: &generator)]
                if let event = try? context.existingObject(with: id, as: Event.self) { context.delete(event) }
            default:
                guard !own.isEmpty else { continue }
                let id = own[Int.random(in: 0..<own.count, using: &generator)]
                if let event = try? context.existingObject(with: id, as: Event.self) {
                    event.attendance = Int.random(in: 0..<10, using: &generator)
                }
            }
        }
    }
}
