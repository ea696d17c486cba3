import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
@testable import objectstore_history_peer
import ProcessTesting
import TestSupport
import Testing

/// Host processes (`objectstore-history-peer host`) on one schema of a PostgreSQL server, each
/// saving random changes while its controllers follow every other host, and what a test checks
/// of them once they are quiet.
struct HostGroup {
    /// The server's URL, `postgres://…?sslmode=disable`.
    let url: String
    /// The schema of the store the hosts share.
    let schema: String
    /// What a failure message starts with: the test's seed, to replay it.
    let label: String

    /// A group on a new schema of the tests' shared server, for the test of `seed`.
    static func onSharedServer(seed: UInt64) async throws -> HostGroup {
        HostGroup(url: try await PostgreSQLTestServer.shared().url, schema: PostgreSQLServerTests.uniqueSchema(), label: "seed \(TestEnvironment.describe(seed: seed))")
    }

    /// The store argument of a host whose connections the server shows as `applicationName`.
    func store(applicationName: String? = nil) -> String {
        url + (applicationName.map { "&application_name=\($0)" } ?? "") + "#" + schema
    }

    /// Starts a host and waits until its controllers have fetched; it saves after ``go(_:)``.
    func start(seed: UInt64, saves: Int, pauseMilliseconds: Int, historyRetention: Double? = nil, applicationName: String? = nil) async throws -> PeerProcess {
        var arguments = ["host", store(applicationName: applicationName), String(seed), String(saves), String(pauseMilliseconds)]
        if let historyRetention { arguments.append(String(historyRetention)) }
        let host = try PeerProcess(arguments)
        await eventually(within: 60) { host.lines.contains("ready") || !host.isRunning }
        try #require(host.lines.contains("ready"), "\(label): a host did not open the store: \(host.lines.suffix(3))")
        return host
    }

    /// Starts the hosts' saving.
    static func go(_ hosts: [PeerProcess]) {
        for host in hosts { host.send("go") }
    }

    /// Stops the hosts' saving and waits until each has made its last save.
    static func stop(_ hosts: [PeerProcess]) async {
        for host in hosts { host.send("stop") }
        for host in hosts { await eventually(within: 60) { host.lines.contains("done") } }
    }

    /// The store's history, every transaction (those without changes too), read by a store of
    /// this process.
    func history() throws -> [HistoryTransaction] {
        try commits().transactions
    }

    /// The commits of the store's history after generation 0, in one snapshot.
    private func commits() throws -> RemoteCommits {
        let store = try PostgreSQLObjectStore.open(
            PostgreSQLSettings(url: url, schema: schema, poolSize: 1), model: PeerModel.model, tracksHistory: true, historyRetention: 3600)
        return try store.remoteCommits(after: 0, through: nil)
    }

    /// Waits until the server has ended every session of the hosts started with
    /// `applicationName`. A host killed right after sending `COMMIT` leaves that commit to the
    /// server, which may make it visible after the host is gone; history and objects read before
    /// its sessions end can each miss a different part of it.
    func waitUntilSessionsEnd(applicationName: String) async throws {
        let pool = try PostgreSQLConnectionPool.open(PostgreSQLSettings(url: url, schema: schema, poolSize: 1))
        defer { pool.close() }
        let sessions = { () -> Int64? in
            try? pool.query("SELECT count(*) FROM pg_stat_activity WHERE application_name = \(applicationName)").first?.decode(Int64.self)
        }
        await eventually(within: 60) { sessions() == 0 }
    }

    /// The store's fixtures and teams now, by the URI of their object ID, with the title or name
    /// that tells which host's save made them.
    ///
    /// By URI, not by ``ObjectStore/ObjectID``: the IDs of two opens of one store are never
    /// equal (each open binds the entities anew), so the IDs read here match none of those
    /// ``history()`` reads; their URIs are the same.
    func objectNames() async throws -> [URL: String] {
        let container = try PeerModel.container(path: store())
        let context = container.newBackgroundContext()
        return try await context.perform { () throws -> [URL: String] in
            var names: [URL: String] = [:]
            for fixture in try context.fetch(FetchRequest<PeerFixture>()) { names[fixture.objectID.uriRepresentation()] = fixture.title }
            for team in try context.fetch(FetchRequest<PeerTeam>()) { names[team.objectID.uriRepresentation()] = team.name }
            return names
        }
    }

    /// Checks that every host merged each commit of the history it did not report as its own
    /// exactly once, in commit order; waits first until it has merged them all.
    ///
    /// With `resyncsAllowed`, a host may have resynced instead of merging some commits: when a
    /// save commits but the commits of other hosts before it cannot be read (the server went
    /// down right after the commit), the container hands those on as one resync rather than
    /// hand its own commit on ahead of them. Each commit it did not merge must then be covered
    /// by a resync through a later generation, and none merged twice.
    func expectEachCommitMergedOnce(by hosts: [PeerProcess], history: [HistoryTransaction], resyncsAllowed: Bool = false) async {
        // A commit without changes is handed on to no one.
        let tokens = history.filter { !$0.changes.isEmpty }.map(\.token)
        for host in hosts {
            let own = Set(host.tokens("committed"))
            let expected = tokens.filter { !own.contains($0) }
            // Covered by a resync: at most the newest generation a resync stood for.
            let coveredThrough = { host.tokens("resync").max() }
            let arrived = { () -> Bool in
                let merged = Set(host.tokens("merged"))
                let through = resyncsAllowed ? coveredThrough() : nil
                return expected.allSatisfy { token in merged.contains(token) || through.map { token <= $0 } == true }
            }
            await eventually(within: 60) { arrived() }
            // Long enough for a commit merged twice to show.
            try? await Task.sleep(for: .milliseconds(200))
            let merged = host.tokens("merged")
            let resyncs = host.tokens("resync")
            let covered = { (token: HistoryToken) in resyncs.contains { $0 >= token } }
            let description = "\(label): host \(host.identifier) merged \(merged.count) commits, \(Set(merged).count) distinct, of the \(expected.count) of other hosts, with \(resyncs.count) resyncs"
            if resyncsAllowed {
                let missing = expected.filter { !merged.contains($0) && !covered($0) }
                #expect(merged == merged.sorted() && Set(merged).count == merged.count && Set(merged).isSubset(of: expected) && missing.isEmpty, "\(description); \(missing.count) neither merged nor resynced")
            } else {
                #expect(merged == expected, "\(description); missing \(Set(expected).subtracting(merged).count), foreign \(Set(merged).subtracting(expected).count)")
                #expect(resyncs.isEmpty, "\(label): host \(host.identifier) resynced")
            }
        }
    }

    /// Checks that each host's reported commits are in the history, in order, with at most
    /// `unreported` more of its own that changed anything: the saves that failed with an
    /// unknown outcome (a lost connection during `COMMIT`), and for a killed host the save it
    /// was making. (A commit that changed nothing is reported as `none`.)
    func expectReportedCommitsStored(_ host: PeerProcess, history: [HistoryTransaction], killed: Bool = false) {
        let reported = host.tokens("committed")
        let stored = history.filter { $0.contextName == "writer \(host.identifier)" }
        let unreported = host.lines.filter { $0.hasPrefix("failed ") }.count + (killed ? 1 : 0)
        let extra = stored.filter { !$0.changes.isEmpty && !reported.contains($0.token) }
        #expect(Set(reported).isSubset(of: stored.map(\.token)) && reported == reported.sorted(), "\(label): host \(host.identifier) reported commits the history does not hold")
        #expect(extra.count <= unreported, "\(label): host \(host.identifier) has \(extra.count) commits in the history it never reported, with \(unreported) saves of unknown outcome")
    }

    /// Checks that every save failure was a typed store error.
    func expectFailuresTyped(_ hosts: [PeerProcess]) {
        for host in hosts {
            let untyped = host.lines.filter { $0.hasPrefix("failed untyped") }
            #expect(untyped.isEmpty, "\(label): host \(host.identifier) failed with errors other than ObjectStoreError: \(untyped.prefix(3))")
        }
    }

    /// Checks that each generation of the store is one commit of the history (with changes or
    /// without), none missing: a commit is visible with its history transaction or not at all.
    func expectNoGap() throws {
        let commits = try commits()
        #expect(!commits.hasGap, "\(label): \(commits.transactions.count) history transactions for generations 1 to \(commits.through)")
    }

    /// Asks every host to compare its controllers and their last deliveries with fresh fetches,
    /// again while deliveries may still be on their way (for up to 30 seconds: a loaded machine
    /// delays them by seconds), and checks that all agree.
    func expectControllersMatchFreshFetches(_ hosts: [PeerProcess]) async {
        for host in hosts {
            var answer = ""
            let deadline = ContinuousClock.now + .seconds(30)
            var attempt = 0
            while answer != "check ok" && (attempt == 0 || ContinuousClock.now < deadline) {
                if attempt > 0 { try? await Task.sleep(for: .milliseconds(100)) }
                attempt += 1
                let asked = host.lines.filter { $0.hasPrefix("check ") }.count
                host.send("check")
                await eventually(within: 60) { host.lines.filter { $0.hasPrefix("check ") }.count > asked }
                answer = host.lines.last { $0.hasPrefix("check ") } ?? ""
            }
            #expect(answer == "check ok", "\(label): host \(host.identifier): \(answer)")
        }
    }

    /// Checks, once `hosts` have stopped saving, that nothing was lost, half-written or applied
    /// twice and that their controllers converged: the history has no gap, every failure was
    /// typed, each host's reported commits are stored, each host merged every other commit once
    /// (``expectEachCommitMergedOnce(by:history:resyncsAllowed:)``) and its controllers equal
    /// fresh fetches. Returns the history.
    @discardableResult
    func expectNothingLostAndConverged(_ hosts: [PeerProcess], resyncsAllowed: Bool = false) async throws -> [HistoryTransaction] {
        let history = try history()
        try expectNoGap()
        expectFailuresTyped(hosts)
        for host in hosts { expectReportedCommitsStored(host, history: history) }
        await expectEachCommitMergedOnce(by: hosts, history: history, resyncsAllowed: resyncsAllowed)
        await expectControllersMatchFreshFetches(hosts)
        return history
    }

    /// Ends the hosts and checks that each was still running and quits cleanly.
    static func quit(_ hosts: [PeerProcess], label: String) async {
        for host in hosts {
            #expect(host.isRunning, "\(label): host \(host.identifier) ended early: \(host.lines.suffix(3))")
            host.send("quit")
            #expect(await host.finish() == 0, "\(label): host \(host.identifier)")
        }
    }
}
