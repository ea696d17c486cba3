import ArgumentParser
import DiffableSupport
import Foundation

extension HistoryBenchmark {
    /// `remote-4-processes`: four processes on one file of 100,000 fixtures, each running a
    /// controller over all of them that merges the others' commits, and each saving one change
    /// 250 times a second (1,000 saves a second in all). Ours: the time from a save in one process
    /// to the delivery that reflects it in each other process (`p50_ms`, `p99_ms`). Reference, in
    /// the same run: the same time for a save of another context of the same process.
    func measureRemoteProcesses(directory: URL, nodes: Int = 4, savesPerSecond: Int = 250, seconds: Double = 5) throws -> BenchResult {
        let peer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("objectstore-history-peer")
        guard FileManager.default.isExecutableFile(atPath: peer.path) else {
            throw ValidationError("remote-4-processes needs objectstore-history-peer beside diffable-bench: build both with swift build -c release")
        }
        let store = directory.appendingPathComponent("remote.sqlite").path
        _ = try NodeProcess(peer, ["populate", store, "100000"]).finish()
        let processes = try (0..<nodes).map { try NodeProcess(peer, ["bench-node", store, String($0), String(nodes), String(savesPerSecond), String(seconds)]) }
        for process in processes { process.waitForLine { $0.hasPrefix("ready") } }
        for process in processes { process.send("go") }
        let lines = processes.flatMap { $0.finish() }
        let remote = lines.compactMap { $0.hasPrefix("remote ") ? Double($0.dropFirst(7)) : nil }
        let local = lines.compactMap { $0.hasPrefix("local ") ? Double($0.dropFirst(6)) : nil }
        guard !remote.isEmpty, !local.isEmpty else { throw ValidationError("remote-4-processes: the nodes reported no delivery") }
        let (p50, p99) = (percentile(remote, 0.5), percentile(remote, 0.99))
        let expected = Double(nodes * (nodes - 1)) * seconds * Double(savesPerSecond)
        var result = BenchResult(
            bench: "history", caseName: "remote-4-processes", oursMilliseconds: Measurement(runs: remote),
            baseline: "in-process merge, same run", baselineMilliseconds: Measurement(runs: local),
            note: "\(nodes) processes × \(savesPerSecond) saves/s for \(formatted(seconds, decimals: 0)) s, controller over 100,000 objects in each; "
                + "\(remote.count) of \(Int(expected)) remote deliveries timed, p50 \(formatted(p50, decimals: 3)) ms p99 \(formatted(p99, decimals: 3)) ms; "
                + "in-process p50 \(formatted(percentile(local, 0.5), decimals: 3)) ms p99 \(formatted(percentile(local, 0.99), decimals: 3)) ms; "
                + "times are medians/spreads of single deliveries, from just before the save; goals p50 ≤ 3 ms, p99 ≤ 10 ms")
        result.extra = [("p50_ms", p50), ("p99_ms", p99), ("baseline_p99_ms", percentile(local, 0.99))]
        return result
    }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}

/// A benchmark node process: its output read whole lines at a time on a thread of its own.
private final class NodeProcess: Sendable {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let state = Locked<(lines: [String], ended: Bool)>(([], false))

    init(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        let (handle, state) = (output.fileHandleForReading, state)
        Thread.detachNewThread {
            var partial = ""
            while case let data = handle.availableData, !data.isEmpty {
                var pieces = (partial + String(decoding: data, as: UTF8.self)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                partial = pieces.removeLast()
                state.withLock { $0.lines += pieces }
            }
            state.withLock { $0.ended = true }
        }
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits until a line matches `match` or the output ends.
    func waitForLine(_ match: (String) -> Bool) {
        while !state.withLock({ $0.ended || $0.lines.contains(where: match) }) { Thread.sleep(forTimeInterval: 0.002) }
    }

    /// Waits for the process and its output to end; its lines.
    func finish() -> [String] {
        process.waitUntilExit()
        while !state.withLock({ $0.ended }) { Thread.sleep(forTimeInterval: 0.002) }
        return state.withLock { $0.lines }
    }
}
