import Foundation
import ObjectStore
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

    @MainActor @Test func fourBackgroundContextsWhileTheViewContextMerges() async throws {
        let (container, url) = try TestModel.onDisk(name: "Concurrency")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let view = container.viewContext
        var shared: [ObjectID] = []
        for index in 0..<40 {
            let event = try view.insert(Event.self)
            event.code = "shared-\(index)"
            shared.append(event.objectID)
        }
        try view.save()
        let sharedIDs = shared
        let mutations = caseCount("OBJECTSTORE_CONCURRENCY_MUTATIONS", default: 2_000)
        let saved = Recorder<SavedWrites>()
        let inserted = Recorder<ObjectID>()
        let conflicts = Recorder<Int>()
        let contexts = (0..<4).map { container.newBackgroundContext(name: "worker \($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (workerIndex, context) in contexts.enumerated() {
                group.addTask {
                    context.automaticallyMergesChangesFromParent = true
                    let state = WorkerState(seed: UInt64(workerIndex) + 1)
                    // One perform per batch of ten mutations, so merges interleave with the work.
                    for batchStart in stride(from: 0, to: mutations, by: 10) {
                    try await context.perform {
                        var generator = state.generator
                        defer { state.generator = generator }
                        let transactions = Recorder<Int64>()
                        let token = context.addChangeObserver { event in
                            if event.kind == .save, let changeSet = event.changeSet { transactions.append(changeSet.transactionNumber) }
                        }
                        _ = token
                        var own = state.own
                        defer { state.own = own }
                        var fresh: [ObjectID] = []
                        var removed: [ObjectID] = []
                        var writes: [ObjectID: Int] = [:]
                        var deletes: Set<ObjectID> = []
                        for step in batchStart..<min(batchStart + 10, mutations) {
                            switch Int.random(in: 0..<10, using: &generator) {
                            case 0..<2:
                                let event = try context.insert(Event.self)
                                event.code = "w\(workerIndex)-\(step)"
                                fresh.append(event.objectID)
                                inserted.append(event.objectID)
                            case 2 where !own.isEmpty:
                                let id = own.remove(at: Int.random(in: 0..<own.count, using: &generator))
                                removed.append(id)
                                context.delete(context.object(with: id))
                                deletes.insert(id)
                                writes[id] = nil
                            default:
                                let pool = Bool.random(using: &generator) || own.isEmpty ? sharedIDs : own + fresh
                                let id = pool[Int.random(in: 0..<pool.count, using: &generator)]
                                let value = workerIndex * 1_000_000 + step
                                (context.object(with: id) as? Event)?.attendance = value
                                writes[id] = value
                            }
                            if step % 10 == 9 || step == mutations - 1 {
                                do {
                                    try context.save()
                                    saved.append(SavedWrites(transaction: transactions.values.last ?? 0, attendance: writes, deleted: deletes))
                                    own += fresh
                                } catch ObjectStoreError.saveConflict {
                                    conflicts.append(workerIndex)
                                    context.rollback()
                                    own += removed
                                }
                                fresh = []
                                removed = []
                                writes = [:]
                                deletes = []
                            }
                        }
                        token.cancel()
                    }
                    }
                }
            }
            try await group.waitForAll()
        }
        for context in contexts { await context.flush() }
        await view.flush()

        // Expected store state: the last successful write of each object, in commit order.
        var expected: [ObjectID: Int] = [:]
        var gone: Set<ObjectID> = []
        for save in saved.values.sorted(by: { $0.transaction < $1.transaction }) {
            for (id, value) in save.attendance { expected[id] = value }
            gone.formUnion(save.deleted)
        }
        #expect(!saved.values.isEmpty, "no save succeeded")
        #expect(Set(inserted.values).count == inserted.values.count, "an object ID was handed out twice")
        let check = container.newBackgroundContext()
        let stored: [ObjectID: Int] = try await check.perform {
            Dictionary(uniqueKeysWithValues: try check.fetch(Event.self).map { ($0.objectID, $0.attendance) })
        }
        for (id, value) in expected where !gone.contains(id) {
            #expect(stored[id] == value, "\(id): last saved write lost")
        }
        for id in gone { #expect(stored[id] == nil, "\(id) was deleted but is still stored") }
        // Every context that merged agrees with the store for the objects it holds in memory
        // (a fault would load its values from the store and agree trivially).
        var compared = 0
        for object in view.registeredObjects {
            guard let event = object as? Event, !event.isDeleted, !event.isFault else { continue }
            compared += 1
            #expect(stored[event.objectID] == event.attendance, "view context disagrees on \(event.objectID)")
        }
        #expect(compared > 0, "the view context holds no loaded event to compare")
        for context in contexts {
            let disagreements = await context.perform { () -> Int in
                context.registeredObjects.compactMap { $0 as? Event }.filter { event in
                    !event.isDeleted && !event.isFault && stored[event.objectID] != event.attendance
                }.count
            }
            #expect(disagreements == 0, "\(context.identifier) disagrees with the store")
        }
    }
}
