import BenchMemory
import DiffableSnapshots
import DiffableSupport
import Foundation
import ListDataSources
import WebLists

/// One live run of the `web` benchmark: a list of 1,000 rows in 20 sections served to
/// `clients` WebSocket clients on loopback (in a `weblists-bench-clients` process), a one-row
/// change saved `savesPerSecond` times a second, each applied as a batch update (ours) or as a reload that sends every page the full
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
        var clientsClosed: Int
        var messages: Int
        var fullListsForLag: Int
        var residentGrowthMB: Double
        var residentMB: Double
        var serverProcessorSeconds: Double
        var clientsProcessorSeconds: Double
    }

    let mode: Mode
    let clients: Int
    let clientThreads: Int
    /// The server's own event loop threads, or `nil` for SwiftNIO's shared group.
    let serverThreads: Int?
    let seconds: Double
    let savesPerSecond: Int

    func run() async throws -> Record {
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
        var server = WebListServer(configuration: .init(port: 0, maxMessagesPerSecond: 1, eventLoopThreads: serverThreads))
        server.serve(view, at: "/", title: "fanout")
        let (ports, portReady) = AsyncStream<Int>.makeStream()
        let serving = Task { try await server.run { portReady.yield($0) } }
        defer { serving.cancel() }
        var port = 0
        for await value in ports {
            port = value
            break
        }
        let residentBefore = residentMegabytes()
        let fanout = try FanoutClientProcess(clients: clients, threads: clientThreads, port: port)
        defer { fanout.stop() }
        try await fanout.waitUntilReady(seconds: 180)

        let processorBefore = benchProcessorSeconds()
        let saves = try await save(into: dataSource, snapshot: snapshot, scores: scores, view: view)
        let report = try await fanout.finish(saves: saves, last: view.generation)
        let processor = benchProcessorSeconds() - processorBefore
        return Record(
            p50: report.p50,
            p99: report.p99,
            bytesPerChange: mode == .updates ? view.lastUpdateBytes : view.fullListBytes,
            saves: saves.count,
            clientsHoldingLast: report.holding,
            clientsClosed: report.closed,
            messages: report.messages,
            fullListsForLag: view.fullListsForLag,
            residentGrowthMB: residentMegabytes() - residentBefore,
            residentMB: residentMegabytes(),
            serverProcessorSeconds: processor,
            clientsProcessorSeconds: report.processorSeconds
        )
    }

    /// Saves one-row changes for ``seconds``, at ``savesPerSecond``; returns the generation each
    /// made with the monotonic time its save started (before the apply).
    private func save(
        into dataSource: DiffableDataSource<Int, Int>, snapshot: DiffableDataSourceSnapshot<Int, Int>,
        scores: Locked<[Int: Int]>, view: WebListView<Int, Int>
    ) async throws -> [(generation: UInt64, time: UInt64)] {
        let interval = Duration.seconds(1) / savesPerSecond
        let start = ContinuousClock.now
        var saves: [(generation: UInt64, time: UInt64)] = []
        var random = SystemRandomNumberGenerator()
        while ContinuousClock.now - start < .seconds(seconds) {
            let row = Int.random(in: 0..<1_000, using: &random)
            scores.withLock { $0[row, default: 0] += 1 }
            var next = snapshot
            next.reconfigureItems([row])
            saves.append((view.generation + 1, benchMonotonicNanoseconds()))
            switch mode {
            case .updates: try await dataSource.apply(next)
            case .fullLists: try await dataSource.applySnapshotUsingReloadData(next)
            }
            try await Task.sleep(until: start + interval * saves.count, clock: .continuous)
        }
        return saves
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
