import Foundation

extension HistoryBenchmark {
    /// `remote-4-processes`: ``RemoteDeliveries`` on one file, four processes each saving 250
    /// times a second (1,000 saves a second in all).
    func measureRemoteProcesses(directory: URL) throws -> BenchResult {
        try RemoteDeliveries(
            bench: "history", caseName: "remote-4-processes", nodeName: "processes", savesPerSecond: 250, goals: "goals p50 ≤ 3 ms, p99 ≤ 10 ms"
        ).measure(store: directory.appendingPathComponent("remote.sqlite").path)
    }
}
