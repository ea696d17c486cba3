import Foundation
import ObjectStore
import TestSupport
import Testing

/// A worker's state between its batches (used on the worker context's queue only).
final class WorkerState: @unchecked Sendable {
    var generator: SplitMix64
    var own: [ObjectID] = []
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }
}

@Suite struct ConcurrencyTests {
    /// One successful save: its transaction number and the attendance it wrote per object.
    struct SavedWrites: Sendable {
        var transaction: Int64
        var attendance: [ObjectID: Int]
        var deleted: Set<ObjectID>
    }

    /// What the workers did, recorded from their queues.
    struct Journal: Sendable {
        let saved = Recorder<SavedWrites>()
        let inserted = Recorder<ObjectID>()
        let conflicts = Recorder<Int>()
    }

    @MainActor @Test func fourBackgroundContextsWhileTheViewContextMerges() async throws {
        let (container, url) = try TestModel.onDisk(name: "Concurrency")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let view = container.viewContext
        let shared = try (0..<40).map { index -> ObjectID in
            let event = try view.insert(Event.self)
            event.code = "shared-\(index)"
            return event.objectID
        }
        try view.save()
        let mutations = TestEnvironment.count("OBJECTSTORE_CONCURRENCY_MUTATIONS", default: 2_000)
        let journal = Journal()
        let contexts = (0..<4).map { container.newBackgroundContext(name: "worker \($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (workerIndex, context) in contexts.enumerated() {
                group.addTask {
                    context.automaticallyMergesChangesFromParent = true
                    let state = WorkerState(seed: UInt64(workerIndex) + 1)
                    // One perform per batch of ten mutations, so merges interleave with the work.
                    for batchStart in stride(from: 0, to: mutations, by: 10) {
                        try await context.perform {
                            try Self.runBatch(context, worker: workerIndex, steps: batchStart..<min(batchStart + 10, mutations),
                                              shared: shared, state: state, journal: journal)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        for context in contexts { await context.flush() }
        await view.flush()
        try await Self.expectEveryContextAgreesWithTheStore(container, view: view, workers: contexts, journal: journal)
    }

    /// Ten random inserts, deletes and writes (to shared objects or the worker's own), then a
    /// save; a conflicting save is rolled back.
    private static func runBatch(_ context: ManagedObjectContext, worker: Int, steps: Range<Int>, shared: [ObjectID],
                                 state: WorkerState, journal: Journal) throws {
        let transactions = Recorder<Int64>()
        let token = context.addChangeObserver { event in
            if event.kind == .save, let changeSet = event.changeSet { transactions.append(changeSet.transactionNumber) }
        }
        defer { token.cancel() }
        var fresh: [ObjectID] = [], removed: [ObjectID] = []
        var writes: [ObjectID: Int] = [:], deletes: Set<ObjectID> = []
        for step in steps {
            switch Int.random(in: 0..<10, using: &state.generator) {
            case 0..<2:
                let event = try context.insert(Event.self)
                event.code = "w\(worker)-\(step)"
                fresh.append(event.objectID)
                journal.inserted.append(event.objectID)
            case 2 where !state.own.isEmpty:
                let id = state.own.remove(at: Int.random(in: 0..<state.own.count, using: &state.generator))
                removed.append(id)
                context.delete(context.object(with: id))
                deletes.insert(id)
                writes[id] = nil
            default:
                let pool = Bool.random(using: &state.generator) || state.own.isEmpty ? shared : state.own + fresh
                let id = pool[Int.random(in: 0..<pool.count, using: &state.generator)]
                let value = worker * 1_000_000 + step
                (context.object(with: id) as? Event)?.attendance = value
                writes[id] = value
            }
        }
        do {
            try context.save()
            journal.saved.append(SavedWrites(transaction: transactions.values.last ?? 0, attendance: writes, deleted: deletes))
            state.own += fresh
        } catch {
            guard case .saveConflict = error else { throw error }
            journal.conflicts.append(worker)
            context.rollback()
            state.own += removed
        }
    }

    /// The store holds the last successful write of each object, in commit order, and no deleted
    /// one; every context that merged agrees with it on the objects it holds loaded (a fault
    /// would load its values from the store and agree trivially).
    @MainActor
    private static func expectEveryContextAgreesWithTheStore(_ container: PersistentContainer, view: ManagedObjectContext,
                                                            workers: [ManagedObjectContext], journal: Journal) async throws {
        var expected: [ObjectID: Int] = [:]
        var gone: Set<ObjectID> = []
        for save in journal.saved.values.sorted(by: { $0.transaction < $1.transaction }) {
            for (id, value) in save.attendance { expected[id] = value }
            gone.formUnion(save.deleted)
        }
        #expect(!journal.saved.values.isEmpty, "no save succeeded")
        #expect(Set(journal.inserted.values).count == journal.inserted.values.count, "an object ID was handed out twice")
        let check = container.newBackgroundContext()
        let stored: [ObjectID: Int] = try await check.perform {
            Dictionary(uniqueKeysWithValues: try check.fetch(Event.self).map { ($0.objectID, $0.attendance) })
        }
        for (id, value) in expected where !gone.contains(id) {
            #expect(stored[id] == value, "\(id): last saved write lost")
        }
        for id in gone { #expect(stored[id] == nil, "\(id) was deleted but is still stored") }
        let loaded = view.registeredObjects.compactMap { $0 as? Event }.filter { !$0.isDeleted && !$0.isFault }
        #expect(!loaded.isEmpty, "the view context holds no loaded event to compare")
        for event in loaded {
            #expect(stored[event.objectID] == event.attendance, "view context disagrees on \(event.objectID)")
        }
        for context in workers {
            let disagreements = await context.perform { () -> Int in
                context.registeredObjects.compactMap { $0 as? Event }.filter { event in
                    !event.isDeleted && !event.isFault && stored[event.objectID] != event.attendance
                }.count
            }
            #expect(disagreements == 0, "\(context.identifier) disagrees with the store")
        }
    }
}
