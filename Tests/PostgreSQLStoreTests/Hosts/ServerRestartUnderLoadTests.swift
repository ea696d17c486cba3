import Foundation
import ObjectStore
import PostgreSQLTestSupport
import ProcessTesting
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// The server crashing (`pg_ctl restart -m immediate`) while host processes save and follow.
    @Suite("The server restarting under load", .timeLimit(.minutes(5)))
    struct ServerRestartUnderLoadTests {
        @Test(.enabled(if: PostgreSQLTestServer.canStartPrivateServer, "needs PostgreSQL's programs, to crash and restart a server of its own"))
        func savesInFlightFailTypedAndHostsResumeAndConverge() async throws {
            let seed = TestEnvironment.seed("SERVER_RESTART_SEED", default: 0x4057_0003)
            let restarts = TestEnvironment.count("SERVER_RESTARTS", default: 2)
            try await withPrivateServer { server in
                let group = HostGroup(url: server.url, schema: "hosts", label: "seed \(TestEnvironment.describe(seed: seed))")
                var generator = SplitMix64(seed: seed)
                var hosts: [PeerProcess] = []
                for index in 0..<3 {
                    hosts.append(try await group.start(seed: seed &+ UInt64(index), saves: 100_000, pauseMilliseconds: 2))
                }
                HostGroup.go(hosts)
                for _ in 0..<restarts {
                    let before = hosts.map { $0.lines.count { $0.hasPrefix("committed ") } }
                    for (host, count) in zip(hosts, before) {
                        await eventually(within: 60) { host.lines.count { $0.hasPrefix("committed ") } >= count + 5 }
                    }
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...100, using: &generator)))
                    try await server.restart(after: .immediate)
                }
                // Each host saves again after the last restart.
                let before = hosts.map { $0.lines.count { $0.hasPrefix("committed ") } }
                for (host, count) in zip(hosts, before) {
                    await eventually(within: 60) { host.lines.count { $0.hasPrefix("committed ") } >= count + 5 }
                }
                await HostGroup.stop(hosts)

                let failures = hosts.map { $0.lines.count { $0.hasPrefix("failed ") } }.reduce(0, +)
                #expect(failures > 0, "\(group.label): no save was in flight when the server went down")
                try await group.expectNothingLostAndConverged(hosts, resyncsAllowed: true)
                await HostGroup.quit(hosts, label: group.label)
            }
        }
    }
}
