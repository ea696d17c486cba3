import ArgumentParser
import DiffableSupport
import Dispatch

/// `diffable-bench web`: one list served to many WebSocket clients on loopback while it
/// changes, each change sent as one batch update, against the same server sending the full list
/// on every change.
struct WebBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "A list of 1,000 rows served to 1,000 WebSocket clients on loopback, 200 one-row saves a second: save-to-client latency and bytes, against full lists.",
        discussion: """
            Case fanout-1k: a WebListView of 1,000 rows in 20 sections served by a WebListServer on 127.0.0.1 \
            to --clients WebSocket clients in a weblists-bench-clients process (built with this one), while \
            --saves-per-second one-row changes (a reconfigure) are applied for --live-seconds seconds: p50_ms and \
            p99_ms of the time from each save to each client reading its update (both processes read the monotonic \
            clock), bytes_per_change (the message of one one-row change), the clients holding the last generation \
            at the end and those whose connection closed, the pages sent a full list for falling behind, and the \
            server process's resident memory (its growth over the run, and at the end). The baseline sends the full \
            list on every change (an apply by reload); its latencies count the generations the clients received \
            (a lagging page skips to the latest). Goals: p99 at most 50 ms with no client dropped; at most 200 bytes \
            a change; at least 20× fewer bytes than the baseline.
            """
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "WebSocket clients.")
    var clients = 1_000

    @Option(help: "Seconds each live run lasts.")
    var liveSeconds = 5.0

    @Option(help: "One-row changes saved per second.")
    var savesPerSecond = 200

    @Option(help: "Event loop threads of the clients process (1 to 8).")
    var clientThreads = 1

    @Option(help: "Event loop threads of the server (0 to 8; 0 shares SwiftNIO's group, one thread a core).")
    var serverThreads = 1

    func validate() throws {
        guard (1...5_000).contains(clients) else { throw ValidationError("--clients must be 1 to 5,000, got \(clients)") }
        guard (1...8).contains(clientThreads) else { throw ValidationError("--client-threads must be 1 to 8, got \(clientThreads)") }
        guard (0...8).contains(serverThreads) else { throw ValidationError("--server-threads must be 0 to 8, got \(serverThreads)") }
    }

    func run() throws {
        guard options.includes("fanout-1k") else { return }
        let ours = try wait(fanout(.updates))
        let baseline = options.noBaseline ? nil : try wait(fanout(.fullLists))
        var report = BenchReport(json: options.json)
        report.add(result(ours, baseline))
    }

    private func fanout(_ mode: WebFanout.Mode) -> WebFanout {
        WebFanout(
            mode: mode, clients: clients, clientThreads: clientThreads, serverThreads: serverThreads == 0 ? nil : serverThreads,
            seconds: liveSeconds, savesPerSecond: savesPerSecond)
    }

    private func result(_ ours: WebFanout.Record, _ baseline: WebFanout.Record?) -> BenchResult {
        var note = "\(clients) clients, \(ours.saves) saves in \(formatted(liveSeconds, decimals: 1)) s; ours p50 \(formatted(ours.p50, decimals: 2)) ms p99 \(formatted(ours.p99, decimals: 2)) ms, "
            + "\(ours.bytesPerChange) bytes a change, \(ours.clientsHoldingLast)/\(clients) clients hold the last generation, \(ours.clientsClosed) closed, "
            + "\(ours.messages) messages read, \(ours.fullListsForLag) full lists for lag, server resident memory +\(formatted(ours.residentGrowthMB, decimals: 1)) MB "
            + "(\(formatted(ours.residentMB, decimals: 1)) MB), processor seconds server \(formatted(ours.serverProcessorSeconds, decimals: 1)) clients \(formatted(ours.clientsProcessorSeconds, decimals: 1))"
        if let baseline {
            note += "; full lists p50 \(formatted(baseline.p50, decimals: 2)) ms p99 \(formatted(baseline.p99, decimals: 2)) ms, \(baseline.bytesPerChange) bytes a change "
                + "(\(formatted(Double(baseline.bytesPerChange) / Double(max(1, ours.bytesPerChange)), decimals: 1))× ours), \(baseline.saves) saves, "
                + "\(baseline.clientsHoldingLast)/\(clients) hold the last, \(baseline.clientsClosed) closed"
        }
        note += "; goals p99 at most 50 ms, no client dropped, at most 200 bytes a change, at least 20× fewer than full lists"
        var result = BenchResult(
            bench: "web", caseName: "fanout-1k", ids: nil, oursMilliseconds: Measurement(exactly: ours.p50),
            baseline: "full list on every change", baselineMilliseconds: baseline.map { Measurement(exactly: $0.p50) }, note: note)
        result.extra = [("p50_ms", ours.p50), ("p99_ms", ours.p99), ("bytes_per_change", Double(ours.bytesPerChange)),
                        ("clients_holding_last", Double(ours.clientsHoldingLast)), ("clients_closed", Double(ours.clientsClosed)),
                        ("resident_growth_mb", ours.residentGrowthMB), ("resident_mb", ours.residentMB),
                        ("server_cpu_s", ours.serverProcessorSeconds), ("clients_cpu_s", ours.clientsProcessorSeconds)]
        if let baseline {
            result.extra += [("baseline_p99_ms", baseline.p99), ("baseline_bytes_per_change", Double(baseline.bytesPerChange))]
        }
        return result
    }

    /// Runs `fanout` on the concurrency pool and waits for it here.
    private func wait(_ fanout: WebFanout) throws -> WebFanout.Record {
        let outcome = Locked<Result<WebFanout.Record, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<WebFanout.Record, any Error>
            do { result = .success(try await fanout.run()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }
}
