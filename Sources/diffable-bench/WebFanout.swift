import DiffableSnapshots
import DiffableSupport
import Foundation
import ListDataSources
import WebLists

/// One live run of the `web` benchmark: a list of 1,000 rows in 20 sections served to
/// `clients` WebSocket clients on loopback, a one-row change saved `savesPerSecond` times a
/// second, each applied as a batch update (ours) or as a reload that sends every page the full
/// list (the baseline).
struct WebFanout {
    enum Mode {
        case updates
        case fullLists
    }

    struct Record {
        var p50: Double
        var p99: Double
        var bytesPerChange: Int
        var saves: Int
        var clientsHoldingLast: Int
        var fullListsForLag: Int
        var residentGrowthMB: Double
    }

    let mode: Mode
    let clients: Int
    let seconds: Double
    let savesPerSecond: Int

    func run() async throws -> Record {
        let residentBefore = residentMegabytes()
        let scores = Locked<[Int: Int]>([:])
        let view = WebListView<Int, Int>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in
            WebCell("Team \(item) v Team \(item + 1)", "LIVE \(scores.withLock { $0[item] ?? 0 }):0", style: "live")
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for section in 0..<20 {
            snapshot.appendSections([section])
            snapshot.appendItems(Array(section * 50..<(section + 1) * 50), toSection: section)
        }
        try await dataSource.apply(snapshot)
        var server = WebListServer(configuration: .init(port: 0, maxMessagesPerSecond: 1))
        server.serve(view, at: "/", title: "fanout")
        let (ports, portReady) = AsyncStream<Int>.makeStream()
        let serving = Task { try await server.run { portReady.yield($0) } }
        defer { serving.cancel() }
        var port = 0
        for await value in ports {
            port = value
            break
        }
        let saves = Locked<[UInt64: ContinuousClock.Instant]>([:])
        let fanout = FanoutClients(count: clients, saves: saves)
        defer { fanout.cancel() }
        fanout.connect(to: "ws://127.0.0.1:\(port)/socket")
        try await waitUntil(seconds: 120) { fanout.clientsHolding(1) == clients }

        let count = try await save(into: dataSource, snapshot: snapshot, scores: scores, saves: saves, view: view)
        let last = view.generation
        _ = try? await waitUntil(seconds: 10) { fanout.clientsHolding(last) == clients }
        let sorted = fanout.record.latencies.sorted()
        return Record(
            p50: sorted.isEmpty ? .nan : sorted[sorted.count / 2],
            p99: sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            bytesPerChange: mode == .updates ? view.lastUpdateBytes : view.fullListBytes,
            saves: count,
            clientsHoldingLast: fanout.clientsHolding(last),
            fullListsForLag: view.fullListsForLag,
            residentGrowthMB: residentMegabytes() - residentBefore
        )
    }

    /// Saves one-row changes for ``seconds``, at ``savesPerSecond``, each noted in `saves` by the
    /// generation it makes; returns how many.
    private func save(
        into dataSource: DiffableDataSource<Int, Int>, snapshot: DiffableDataSourceSnapshot<Int, Int>,
        scores: Locked<[Int: Int]>, saves: Locked<[UInt64: ContinuousClock.Instant]>, view: WebListView<Int, Int>
    ) async throws -> Int {
        let interval = Duration.seconds(1) / savesPerSecond
        let start = ContinuousClock.now
        var count = 0
        var random = SystemRandomNumberGenerator()
        while ContinuousClock.now - start < .seconds(seconds) {
            let row = Int.random(in: 0..<1_000, using: &random)
            scores.withLock { $0[row, default: 0] += 1 }
            var next = snapshot
            next.reconfigureItems([row])
            let generation = view.generation + 1
            saves.withLock { $0[generation] = .now }
            switch mode {
            case .updates: try await dataSource.apply(next)
            case .fullLists: try await dataSource.applySnapshotUsingReloadData(next)
            }
            count += 1
            try await Task.sleep(until: start + interval * count, clock: .continuous)
        }
        return count
    }
}

/// Waits until `condition` holds, `seconds` at most.
private func waitUntil(seconds: Double, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WebBenchmarkError(description: "a condition did not hold within \(seconds) s") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// The resident memory of this process, in megabytes, from /proc (0 where there is none).
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1_024
}

struct WebBenchmarkError: Error, CustomStringConvertible {
    var description: String
}
