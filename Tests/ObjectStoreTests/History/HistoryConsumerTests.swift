import DiffableSupport
import Foundation
import ObjectStore
import TestSupport
import Testing

@Suite struct HistoryConsumerTests {
    /// A container on `url` (a new file when nil) keeping history `retention` seconds.
    private static func container(at url: URL? = nil, retention: Double) throws -> (PersistentContainer, URL) {
        let url = url ?? TestModel.temporaryStoreURL(name: "Consumers")
        var description = StoreDescription(location: .file(url))
        description.historyRetention = retention
        return (try PersistentContainer(name: "Consumers", model: HistoryModel.model, store: description), url)
    }

    @Test func aConsumerResumesFromTheLastPositionItMarkedAcrossReopening() async throws {
        let indexer = HistoryConsumer(name: "indexer")
        let url: URL
        do {
            let (container, fileURL) = try Self.container(retention: 3600)
            url = fileURL
            let context = container.newBackgroundContext()
            try await context.perform {
                #expect(try context.historyPosition(of: indexer) == nil)
                for index in 0..<3 { _ = try context.savedNote(code: "a\(index)") }
                let first = try context.fetchHistory(for: indexer)
                #expect(first.count == 3)
                try context.markHistoryProcessed(through: first[1].token, for: indexer)
                #expect(try context.historyPosition(of: indexer) == first[1].token)
                // A position never moves back.
                try context.markHistoryProcessed(through: first[0].token, for: indexer)
                #expect(try context.historyPosition(of: indexer) == first[1].token)
            }
        }
        let (reopened, _) = try Self.container(at: url, retention: 3600)
        let context = reopened.newBackgroundContext()
        try await context.perform {
            _ = try context.savedNote(code: "b")
            let rest = try context.fetchHistory(for: indexer)
            #expect(rest.map { $0.changes.count } == [1, 1])
            #expect(try context.fetchHistory(for: indexer, limit: 1).count == 1)
        }
    }

    @Test func theHistoryKeepsWhatALiveConsumerHasNotPassedAndExpiresASilentOne() async throws {
        let retention = 2.0
        let (container, _) = try Self.container(retention: retention)
        let slow = HistoryConsumer(name: "slow")
        let context = container.newBackgroundContext()
        let start = try await context.perform { () throws -> HistoryToken in
            _ = try context.savedNote(code: "start")
            let token = try context.lastHistoryToken()
            try context.markHistoryProcessed(through: token, for: slow)
            return token
        }
        // Saves for two retentions while the consumer stays live without moving: it marks the
        // same position every 50 ms from a thread of its own, which no test's work can starve.
        let heartbeat = Heartbeat(every: 0.05) {
            try? context.performAndWait { try context.markHistoryProcessed(through: start, for: slow) }
        }
        defer { heartbeat.stop() }
        var saved = 0
        let live = ContinuousClock.now
        while ContinuousClock.now - live < .seconds(retention * 2) {
            let index = saved
            try await context.perform { _ = try context.savedNote(code: "n\(index)") }
            saved += 1
            try await Task.sleep(for: .milliseconds(20))
        }
        let pending = try await context.perform { try context.fetchHistory(for: slow) }
        heartbeat.stop()
        #expect(pending.count == saved)
        // The consumer falls silent: after the retention, the store purges what it had not
        // passed, and its next read says so.
        let silent = ContinuousClock.now
        var expired = false
        while !expired && ContinuousClock.now - silent < .seconds(60) {
            let index = saved
            try await context.perform { _ = try context.savedNote(code: "later\(index)") }
            saved += 1
            try await Task.sleep(for: .milliseconds(50))
            expired = await context.perform { () -> Bool in
                do {
                    _ = try context.fetchHistory(for: slow)
                    return false
                } catch let error as ObjectStoreError {
                    guard case .historyExpired(let token, _) = error else { return false }
                    return token == start
                } catch {
                    return false
                }
            }
        }
        #expect(expired)
        #expect(ContinuousClock.now - silent >= .seconds(retention))
        // What is kept is at most the last retention's commits (and the container's own
        // position, which follows every commit, holds nothing more back).
        let kept = try await context.perform { try context.fetchHistory(after: nil) }
        let cutoff = Date().addingTimeInterval(-retention * 2 - 1)
        #expect(kept.allSatisfy { $0.timestamp >= cutoff })
    }

    @Test func aRemovedConsumerNoLongerHoldsTheHistory() async throws {
        let (container, _) = try Self.container(retention: 0.2)
        let context = container.newBackgroundContext()
        let reader = HistoryConsumer(name: "reader")
        try await context.perform {
            _ = try context.savedNote(code: "a")
            try context.markHistoryProcessed(through: try context.lastHistoryToken(), for: reader)
            try context.removeHistoryConsumer(reader)
            #expect(try context.historyPosition(of: reader) == nil)
        }
    }

    @Test func aMarkWithATokenOfAnotherStoreIsRefused() async throws {
        let (first, _) = try Self.container(retention: 3600)
        let (second, _) = try Self.container(retention: 3600)
        let writer = second.newBackgroundContext()
        let token = try await writer.perform { () throws -> HistoryToken in
            _ = try writer.savedNote(code: "x")
            return try writer.lastHistoryToken()
        }
        let context = first.newBackgroundContext()
        let refused = await context.perform {
            (try? context.markHistoryProcessed(through: token, for: HistoryConsumer(name: "c"))) == nil
        }
        #expect(refused)
    }
}

@Suite struct HistoryRetentionTests {
    @Test(arguments: [0, -1, Double.nan, Double.infinity])
    func aRetentionThatIsNotAPositiveNumberOfSecondsIsRefusedAtOpening(_ retention: Double) {
        var description = StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Retention")))
        description.historyRetention = retention
        #expect {
            _ = try PersistentContainer(name: "Retention", model: HistoryModel.model, store: description)
        } throws: { error in
            "\(error)".contains("historyRetention")
        }
    }
}

/// Calls `beat` every `interval` seconds on a thread of its own until stopped.
final class Heartbeat: Sendable {
    private let stopped = Locked(false)

    init(every interval: Double, _ beat: @escaping @Sendable () -> Void) {
        let stopped = stopped
        Thread.detachNewThread {
            while !stopped.withLock({ $0 }) {
                beat()
                Thread.sleep(forTimeInterval: interval)
            }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
    }
}
