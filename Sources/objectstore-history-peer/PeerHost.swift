import DiffableSupport
import FetchedResults
import Foundation
import ObjectStore
import SeededRandom

/// One host of a multi-host store: it saves random changes
/// (``PeerWriter/saveRandomChanges(in:prefix:using:)``) from a writer context as ``writing``
/// says, while a context that merges every other context's and host's commits runs the
/// follower's controllers (``FollowedLists``).
///
/// Prints `ready` once the controllers have fetched; `committed <token>` after each save (`none`
/// when it changed nothing); `failed typed <message>` for a save that failed with an
/// `ObjectStoreError` (`failed untyped <message>` for any other error), after which it rolls back
/// and goes on; `done` when it has stopped saving; `merged <token>` for each remote commit
/// merged and `resync <token>` for each resync; `delivered-resync <controller>` for each
/// controller delivery that follows a resync. On standard input, `go` starts the saving (so that
/// every host of a test has opened the store before the first commit), `stop` ends it, `check`
/// prints `check ok` when every controller equals a fresh fetch and its last delivery equals the
/// controller (else `check mismatch <which>`), and `quit` ends the process.
struct PeerHost {
    /// What the host saves, and the store it saves to.
    let writing: PeerWriter

    func run() throws {
        let container = try PeerModel.container(path: writing.path, historyRetention: writing.historyRetention)
        let follower = PeerModel.followingContext(of: container)
        let observation = follower.addChangeObserver { event in
            guard let changeSet = event.changeSet, changeSet.isRemote else { return }
            PeerOutput.write(event.kind == .resync ? "resync" : "merged", changeSet.historyToken)
        }
        let deliveries = DeliveredLists()
        let lists = try follower.performAndWait { () throws -> FollowedLists in
            let lists = FollowedLists(context: follower)
            deliveries.follow(lists.fixtures, named: "fixtures")
            deliveries.follow(lists.topOfRankedTeams, named: "top")
            deliveries.follow(lists.teams, named: "teams")
            try lists.fetch()
            return lists
        }
        PeerOutput.write("ready")
        let stopped = Locked(false)
        while let line = readLine() {
            switch line {
            case "go":
                startWriting(container, until: stopped)
            case "stop":
                stopped.withLock { $0 = true }
            case "check":
                let mismatch = try follower.performAndWait { () throws -> String? in
                    let found = try lists.firstMismatch() ?? deliveries.firstMismatch(with: lists)
                    return try found == "fixtures" ? "fixtures: " + MismatchDetail.fixtures(lists, store: container) : found
                }
                PeerOutput.write(mismatch.map { "check mismatch \($0)" } ?? "check ok")
            case "quit":
                observation.cancel()
                exit(0)
            default:
                PeerOutput.write("unknown \(line)")
            }
        }
        observation.cancel()
    }

    /// Saves on a thread of its own until `saves` are made or `stopped` holds.
    private func startWriting(_ container: PersistentContainer, until stopped: Locked<Bool>) {
        let (seed, saves, pause) = (writing.seed, writing.saves, Double(writing.pauseMilliseconds) / 1000)
        Thread.detachNewThread {
            let context = container.newBackgroundContext(name: "writer \(ProcessInfo.processInfo.processIdentifier)")
            // Hosts change the same teams and fixtures: the last save wins, key by key.
            context.mergePolicy = .mergeByPropertyObjectTrump
            let prefix = "p\(ProcessInfo.processInfo.processIdentifier)-\(seed)"
            var generator = SplitMix64(seed: seed)
            for save in 0..<saves where !stopped.value {
                context.performAndWait {
                    do {
                        let token = try PeerWriter.saveRandomChanges(in: context, prefix: "\(prefix)-\(save)", using: &generator)
                        PeerOutput.write("committed", token)
                    } catch {
                        context.rollback()
                        let message = "\(error)".replacingOccurrences(of: "\n", with: " ")
                        PeerOutput.write("failed \(error is ObjectStoreError ? "typed" : "untyped") \(message)")
                    }
                }
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
            PeerOutput.write("done")
        }
    }
}
