import Foundation
import ObjectStore
import PostgreSQLTestSupport
import ProcessTesting
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// A host process stopped (SIGSTOP) while the others save and purge the history it has not
    /// read, then continued.
    @Suite("Hosts offline past the retention", .timeLimit(.minutes(5)))
    struct OfflineHostTests {
        @Test func aHostStoppedPastTheRetentionResyncsItsControllersAndConverges() async throws {
            let seed = TestEnvironment.seed("OFFLINE_HOST_SEED", default: 0x4057_0005)
            let group = try await HostGroup.onSharedServer(seed: seed)
            // The stopped host keeps the default retention; the others keep two seconds, and
            // purge what the stopped host has not read once it has been silent for longer.
            let offline = try await group.start(seed: seed, saves: 10, pauseMilliseconds: 0)
            var online: [PeerProcess] = []
            for index in 1..<3 {
                online.append(try await group.start(seed: seed &+ UInt64(index), saves: 100_000, pauseMilliseconds: 20, historyRetention: 2))
            }
            HostGroup.go([offline])
            await eventually(within: 60) { offline.lines.contains("done") }
            try #require(offline.tokens("committed").count > 0, "\(group.label): the host to stop committed nothing: \(offline.lines.suffix(3))")
            let before = try group.history()
            let early = before.filter { !$0.changes.isEmpty }.map(\.token)
            await eventually(within: 60) { online.allSatisfy { Set($0.tokens("merged")).isSuperset(of: early) } }
            offline.signal(SIGSTOP)
            HostGroup.go(online)
            // Purged past the stopped host: the first commit after its last is gone. The online
            // hosts may have purged the stopped host's commits before the history was read (it
            // fell silent once done): then anything purged is past it.
            let passed = (before.last?.token.generation ?? 0) + 1
            var purged = false
            for _ in 0..<60 where !purged {
                try await Task.sleep(for: .milliseconds(250))
                purged = (try group.history().first?.token.generation ?? .max) > passed
            }
            await HostGroup.stop(online)
            offline.signal(SIGCONT)
            #expect(purged, "\(group.label): the online hosts did not purge what the stopped host had not read")

            await eventually(within: 60) { !offline.tokens("resync").isEmpty }
            await eventually(within: 60) { Set(["fixtures", "top", "teams"]).isSubset(of: offline.lines.filter { $0.hasPrefix("delivered-resync ") }.map { String($0.dropFirst("delivered-resync ".count)) }) }
            #expect(offline.tokens("resync").count == 1, "\(group.label): the stopped host resynced \(offline.tokens("resync").count) times")
            await group.expectControllersMatchFreshFetches([offline] + online)
            await HostGroup.quit([offline] + online, label: group.label)
        }
    }
}
