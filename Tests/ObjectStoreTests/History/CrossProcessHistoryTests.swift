import Foundation
import ObjectStore
@testable import objectstore_history_peer
import ProcessTesting
import TestSupport
import Testing

/// Real processes on one store file: writers saving random changes, a follower whose
/// controllers merge them automatically, and history consumers killed with SIGKILL.
@Suite(.timeLimit(.minutes(10))) struct CrossProcessHistoryTests {
    /// The store's history, read by a container of this process.
    private static func history(at url: URL) async throws -> [HistoryTransaction] {
        let container = try PeerModel.container(path: url.path)
        let context = container.newBackgroundContext()
        return try await context.perform { try context.fetchHistory(after: nil) }
    }

    @Test func writersInSeveralProcessesReachAFollowersControllersEachCommitOnce() async throws {
        let seed = TestEnvironment.seed("CROSS_PROCESS_HISTORY_SEED", default: 0x26_0001)
        let url = TestModel.temporaryStoreURL(name: "CrossProcess")
        // The follower creates the store, then waits for the writers.
        let follower = try PeerProcess(["follow", url.path])
        await eventually { follower.lines.contains("ready") }
        let writerCount = Int(seed % 3) + 2
        let writers = try (0..<writerCount).map { index in
            try PeerProcess(["write", url.path, String(seed &+ UInt64(index)), "25", "2"])
        }
        for writer in writers { #expect(await writer.finish() == 0, "seed \(seed)") }
        let committed = writers.flatMap { $0.tokens("committed") }
        let stored = try await Self.history(at: url).map(\.token)
        #expect(Set(committed) == Set(stored), "seed \(seed): every reported commit is in the history, and only those")
        await eventually { Set(follower.tokens("merged")).isSuperset(of: committed) }
        try await Task.sleep(for: .milliseconds(100))
        let merged = follower.tokens("merged")
        #expect(merged.count == Set(merged).count, "seed \(seed): a commit was merged twice")
        #expect(Set(merged) == Set(committed), "seed \(seed)")
        #expect(merged == merged.sorted(), "seed \(seed): commits were merged out of commit order")
        #expect(follower.tokens("resync").isEmpty, "seed \(seed)")
        follower.send("check")
        await eventually { follower.lines.contains { $0.hasPrefix("check") } }
        #expect(follower.lines.first { $0.hasPrefix("check") } == "check ok", "seed \(seed)")
        follower.send("quit")
        #expect(await follower.finish() == 0)
    }

    @Test func aFollowerStoppedPastTheRetentionResyncsToWhatAFreshFetchShows() async throws {
        let url = TestModel.temporaryStoreURL(name: "Expiry")
        let follower = try PeerProcess(["follow", url.path])
        await eventually { follower.lines.contains("ready") }
        let early = try PeerProcess(["write", url.path, "1", "5", "0"])
        #expect(await early.finish() == 0)
        await eventually { Set(follower.tokens("merged")) == Set(early.tokens("committed")) }
        follower.signal(SIGSTOP)
        // A writer that keeps history half a second purges what the stopped follower has not
        // read, once the follower has been silent for longer than that.
        let writer = try PeerProcess(["write", url.path, "2", "60", "25", "0.5"])
        #expect(await writer.finish() == 0)
        let oldest = try await Self.history(at: url).first?.token
        let missed = early.tokens("committed").last
        #expect(oldest.flatMap { oldest in missed.map { oldest > $0 } } == true, "the writer purged what the follower missed")
        follower.signal(SIGCONT)
        await eventually { !follower.tokens("resync").isEmpty }
        follower.send("check")
        await eventually { follower.lines.contains { $0.hasPrefix("check") } }
        #expect(follower.lines.first { $0.hasPrefix("check") } == "check ok")
        follower.send("quit")
        #expect(await follower.finish() == 0)
    }

    @Test func killedWritersAndConsumersLoseNoCommitAndApplyNoneTwice() async throws {
        let rounds = TestEnvironment.count("CROSS_PROCESS_HISTORY_KILLS", default: 100)
        let url = TestModel.temporaryStoreURL(name: "Killed")
        _ = try PeerModel.container(path: url.path)
        var generator = SplitMix64(seed: 0x26_0002)
        var consumerRuns: [PeerProcess] = []
        var consumer: PeerProcess?
        var writerRuns: [PeerProcess] = []
        for round in 0..<rounds {
            let writer = try PeerProcess(["write", url.path, String(round), "1000", "1"])
            writerRuns.append(writer)
            if consumer == nil {
                consumer = try PeerProcess(["consume", url.path, "auditor"])
                consumerRuns.append(consumer!)
            }
            // Killed at a random point after its first commit, most often in the middle of a save.
            await eventually { writer.lines.contains { $0.hasPrefix("committed") } }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &generator)))
            await writer.killNow()
            if Bool.random(using: &generator) {
                await consumer?.killNow()
                consumer = nil
            }
        }
        await consumer?.killNow()
        let last = try PeerProcess(["consume", url.path, "auditor", "--until-idle"])
        #expect(await last.finish() == 0)
        consumerRuns.append(last)

        let history = try await Self.history(at: url)
        let (applied, problems) = Self.effectivelyApplied(consumerRuns)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(applied == history.map(\.token), "the consumer's runs, each up to where the next resumed, applied the history exactly once in order")
        // Each writer's commits in the store are the ones it reported, and at most one more
        // (killed between its commit and its report).
        for writer in writerRuns {
            let reported = writer.tokens("committed")
            let stored = history.filter { $0.contextName == "writer \(writer.identifier)" }.map(\.token)
            #expect(stored.starts(with: reported) && stored.count - reported.count <= 1)
        }
        #expect(history.count >= rounds)
    }

    /// What a consumer's runs applied for good: each run's applied tokens up to where the next
    /// run resumed (what came after was not marked, so the next run applies it again), with the
    /// problems found: a run that resumed elsewhere than where the previous one's marks ended, or
    /// applied again what it resumed after. Runs killed before they said where they resume
    /// applied nothing and are left out.
    private static func effectivelyApplied(_ runs: [PeerProcess]) -> ([HistoryToken], [String]) {
        let started = runs.compactMap { run -> (resume: HistoryToken?, applied: [HistoryToken])? in
            guard let line = run.lines.first(where: { $0.hasPrefix("resume ") }) else { return nil }
            return (PeerOutput.token(in: Substring(line)), run.tokens("applied"))
        }
        var applied: [HistoryToken] = []
        var problems: [String] = []
        for (index, run) in started.enumerated() {
            if run.resume != applied.last {
                problems.append("run \(index) resumed at \(run.resume.map(\.description) ?? "the start"), but the runs before it applied and marked through \(applied.last.map(\.description) ?? "nothing")")
            }
            if let first = run.applied.first, let resume = run.resume, first <= resume {
                problems.append("run \(index) applied \(first) again")
            }
            if index + 1 < started.count {
                // Nothing marked means nothing applied for good.
                guard let bound = started[index + 1].resume else { continue }
                applied += run.applied.filter { $0 <= bound }
            } else {
                applied += run.applied
            }
        }
        return (applied, problems)
    }
}
