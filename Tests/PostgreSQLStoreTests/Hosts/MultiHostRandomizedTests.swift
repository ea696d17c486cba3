import Foundation
import ObjectStore
import PostgreSQLTestSupport
import ProcessTesting
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// Host processes saving random changes to one store at once while their controllers follow
    /// one another.
    @Suite("Hosts saving at random", .timeLimit(.minutes(5)))
    struct MultiHostRandomizedTests {
        @Test func everyHostMergesEveryOtherHostsCommitOnceAndItsControllersEqualFreshFetches() async throws {
            let seed = TestEnvironment.seed("MULTI_HOST_SEED", default: 0x4057_0001)
            let saves = TestEnvironment.count("MULTI_HOST_SAVES", default: 30)
            let group = try await HostGroup.onSharedServer(seed: seed)
            var generator = SplitMix64(seed: seed)
            var hosts: [PeerProcess] = []
            for index in 0..<3 {
                hosts.append(try await group.start(seed: seed &+ UInt64(index), saves: saves, pauseMilliseconds: Int.random(in: 0...4, using: &generator)))
            }
            HostGroup.go(hosts)
            for host in hosts { await eventually(within: 120) { host.lines.contains("done") } }

            let history = try await group.expectNothingLostAndConverged(hosts)
            #expect(history.count >= saves, "\(group.label): \(history.count) commits for \(3 * saves) saves")
            await HostGroup.quit(hosts, label: group.label)
        }
    }
}
