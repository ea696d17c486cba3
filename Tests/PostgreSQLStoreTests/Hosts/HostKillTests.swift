import Foundation
import ObjectStore
import PostgreSQLTestSupport
import ProcessTesting
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// A host process killed with SIGKILL while it saves, again and again beside hosts that live on.
    @Suite("Hosts killed mid-save", .timeLimit(.minutes(5)))
    struct HostKillTests {
        @Test func aKilledHostsCommitsAreWholeOrAbsentAndTheOtherHostsConverge() async throws {
            let seed = TestEnvironment.seed("HOST_KILL_SEED", default: 0x4057_0002)
            let rounds = TestEnvironment.count("HOST_KILL_ROUNDS", default: 4)
            let group = try await HostGroup.onSharedServer(seed: seed)
            let killedName = "killed_\(group.schema)"
            var generator = SplitMix64(seed: seed)
            var survivors: [PeerProcess] = []
            for index in 0..<2 {
                survivors.append(try await group.start(seed: seed &+ UInt64(index), saves: 100_000, pauseMilliseconds: 5))
            }
            HostGroup.go(survivors)
            var victims: [PeerProcess] = []
            for round in 0..<rounds {
                let victim = try await group.start(
                    seed: seed &+ 100 &+ UInt64(round), saves: 100_000, pauseMilliseconds: 0, applicationName: killedName)
                HostGroup.go([victim])
                victims.append(victim)
                // Killed at a random point after its first commit; it saves without a pause, so
                // most often in the middle of a save.
                await eventually(within: 60) { victim.lines.contains { $0.hasPrefix("committed ") } }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...150, using: &generator)))
                await victim.killNow()
            }
            await HostGroup.stop(survivors)
            try await group.waitUntilSessionsEnd(applicationName: killedName)

            let history = try await group.expectNothingLostAndConverged(survivors)
            let names = try await group.objectNames()
            group.expectFailuresTyped(victims)
            for victim in victims {
                group.expectReportedCommitsStored(victim, history: history, killed: true)
                Self.expectInterruptedSaveWholeOrAbsent(victim, history: history, names: names, label: group.label)
            }
            await HostGroup.quit(survivors, label: group.label)
        }

        /// Checks the save `victim` was killed in: when its commit is not in the history, no
        /// object it inserted is in the store; when it is, every object it inserted is in the
        /// store, or deleted by a later commit.
        private static func expectInterruptedSaveWholeOrAbsent(_ victim: PeerProcess, history: [HistoryTransaction], names: [URL: String], label: String) {
            let finished = victim.lines.filter { $0.hasPrefix("committed ") || $0.hasPrefix("failed ") }.count
            let prefix = "p\(victim.identifier)-"
            // Names are `p<pid>-<seed>-<save>-…`.
            let interrupted = names.filter { $0.value.hasPrefix(prefix) && $0.value.split(separator: "-")[2] == "\(finished)" }
            let reported = Set(victim.tokens("committed"))
            // A commit that changed nothing is reported as `none`; one that changed something
            // and was not reported is the interrupted save's.
            let unreported = history.filter { $0.contextName == "writer \(victim.identifier)" && !$0.changes.isEmpty && !reported.contains($0.token) }
            guard let extra = unreported.first else {
                #expect(interrupted.isEmpty, "\(label): host \(victim.identifier) was killed in save \(finished), whose commit is not in the history, yet \(interrupted.count) of its objects are in the store")
                return
            }
            let deletedLater = Set(history.filter { $0.token > extra.token }.flatMap(\.changes).filter { $0.changeType == .delete }.map(\.changedObjectID))
            let missing = extra.changes.filter { $0.changeType == .insert && names[$0.changedObjectID.uriRepresentation()] == nil && !deletedLater.contains($0.changedObjectID) }
            let ids = Set(missing.map(\.changedObjectID))
            let traces = history.flatMap { transaction in
                transaction.changes.filter { ids.contains($0.changedObjectID) }.map { "\($0.changedObjectID) \($0.changeType) at \(transaction.token.generation) by \(transaction.contextName ?? "-")" }
            }
            #expect(missing.isEmpty, "\(label): host \(victim.identifier)'s interrupted commit \(extra.token) is in the history without \(missing.count) of the objects it inserted: \(traces)")
        }
    }
}
