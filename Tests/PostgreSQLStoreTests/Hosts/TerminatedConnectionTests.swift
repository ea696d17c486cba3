import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import ProcessTesting
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// A host process whose connections, its pool's and its commit watch's, the server ends
    /// (`pg_terminate_backend`) while it saves and follows.
    @Suite("Hosts whose connections are terminated", .timeLimit(.minutes(5)))
    struct TerminatedConnectionTests {
        @Test func aHostWhoseConnectionsAreTerminatedRecoversAndLosesNothing() async throws {
            let seed = TestEnvironment.seed("TERMINATED_BACKENDS_SEED", default: 0x4057_0004)
            let rounds = TestEnvironment.count("TERMINATED_BACKENDS_ROUNDS", default: 3)
            let group = try await HostGroup.onSharedServer(seed: seed)
            let settings = try await settings(schema: group.schema)
            var generator = SplitMix64(seed: seed)
            let victimName = "victim_\(settings.schema)"
            var hosts: [PeerProcess] = []
            for index in 0..<3 {
                hosts.append(try await group.start(
                    seed: seed &+ UInt64(index), saves: 100_000, pauseMilliseconds: 2, applicationName: index == 0 ? victimName : nil))
            }
            HostGroup.go(hosts)
            let victim = hosts[0]
            var terminated = 0
            var listenersTerminated = 0
            try await withPool(settings) { killer in
                for _ in 0..<rounds {
                    let before = victim.lines.count { $0.hasPrefix("committed ") }
                    await eventually(within: 60) { victim.lines.count { $0.hasPrefix("committed ") } >= before + 5 }
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...50, using: &generator)))
                    let ended = try killer.query("""
                        SELECT pg_terminate_backend(pid), query FROM pg_stat_activity
                        WHERE application_name = \(victimName) AND pid <> pg_backend_pid()
                        """).map { try $0.decode((Bool, String).self) }
                    terminated += ended.count { $0.0 }
                    listenersTerminated += ended.count { $0.0 && $0.1.hasPrefix("LISTEN") }
                }
            }
            #expect(terminated >= rounds, "\(group.label): \(terminated) connections of the host ended in \(rounds) rounds")
            #expect(listenersTerminated >= 1, "\(group.label): the host's commit watch was never among the connections ended")
            // The host saves and follows again after the last termination.
            let before = victim.lines.count { $0.hasPrefix("committed ") }
            await eventually(within: 60) { victim.lines.count { $0.hasPrefix("committed ") } >= before + 5 }
            await HostGroup.stop(hosts)

            try await group.expectNothingLostAndConverged(hosts, resyncsAllowed: true)
            await HostGroup.quit(hosts, label: group.label)
        }
    }
}
