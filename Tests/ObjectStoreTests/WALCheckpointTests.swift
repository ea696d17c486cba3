import DiffableSupport
import Foundation
@testable import ObjectStore
import Testing

/// A file store's write-ahead log is copied back into the database away from the saves.
@Suite struct WALCheckpointTests {
    @Test func savesLeaveTheLogToTheCheckpointerWhichKeepsItShort() throws {
        let (container, url) = try TestModel.onDisk(name: "Checkpoints")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let checkpointer = try #require((container.core.store as? SQLiteStore)?.checkpointer)
        let context = container.newBackgroundContext()
        let payload = Data(repeating: 7, count: 6_000)
        func saveEvents(_ count: Int) throws {
            try context.performAndWait { () throws(ObjectStoreError) in
                for index in 0..<count {
                    let event = try context.insert(Event.self)
                    event.code = "E\(index)"
                    event.blob = payload
                }
                try context.save()
            }
        }

        // Held back, the checkpointer lets the log grow past its threshold: had a save
        // checkpointed it (SQLite's default), the log would have started again from its beginning.
        checkpointer.suspend()
        var sizes: [Int32] = []
        for _ in 0..<100 where checkpointer.statistics.framesInLog < 2 * checkpointer.threshold {
            try saveEvents(100)
            sizes.append(checkpointer.statistics.framesInLog)
        }
        #expect(sizes.count > 2 && sizes == sizes.sorted() && sizes.last! >= 2 * checkpointer.threshold)
        #expect(checkpointer.statistics.checkpointsRun == 0)

        // Let go, it runs the one checkpoint the saves queued, and the next save starts the log
        // again from its beginning.
        checkpointer.resume()
        checkpointer.sync {}
        #expect(checkpointer.statistics.checkpointsRun == 1)
        try saveEvents(1)
        #expect(checkpointer.statistics.framesInLog < checkpointer.threshold / 10)
        #expect(try context.performAndWait { () throws(ObjectStoreError) in try context.count(for: FetchRequest<Event>()) } == sizes.count * 100 + 1)
    }

    @Test func aStoreInMemoryHasNoLogToCheckpoint() throws {
        let container = try TestModel.inMemory()
        #expect(try #require(container.core.store as? SQLiteStore).checkpointer == nil)
    }
}

/// The thread checkpoints run on: below the app's threads, one job at a time, for a caller that
/// waits.
@Suite struct LowPriorityThreadTests {
    @Test func jobsRunInOrderOnOneThreadBelowTheCallersPriorityBeforeRunReturns() {
        let thread = LowPriorityThread()
        let seen = Locked<[(Int, pthread_t, Int32)]>([])
        for index in 0..<3 {
            thread.run {
                #if os(Linux)
                errno = 0
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                #else
                let nice = LowPriorityThread.niceValue
                #endif
                seen.withLock { $0.append((index, pthread_self(), nice)) }
            }
            #expect(seen.withLock { $0.count } == index + 1)
        }
        let jobs = seen.withLock { $0 }
        #expect(jobs.map(\.0) == [0, 1, 2])
        #expect(jobs.allSatisfy { pthread_equal($0.1, jobs[0].1) != 0 && pthread_equal($0.1, pthread_self()) == 0 })
        // At least the thread's nice value (more when the whole process runs below it).
        #expect(jobs.allSatisfy { $0.2 >= LowPriorityThread.niceValue })
        #if os(Linux)
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < LowPriorityThread.niceValue, "the caller's thread kept its priority")
        #endif
    }
}
