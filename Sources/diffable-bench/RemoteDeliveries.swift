import ArgumentParser
import Foundation

/// Four nodes (processes of `objectstore-history-peer`) on one store of 100,000 fixtures, each
/// running a controller over all of them that merges the others' commits, and each saving one
/// change `savesPerSecond` times a second. Ours: the time from a save in one node to the
/// delivery that reflects it in each other node (`p50_ms`, `p99_ms`). Reference, in the same
/// run: the same time for a save of another context of the same process.
struct RemoteDeliveries {
    var bench: String
    var caseName: String
    /// What a node is, in the result's note: `processes`, `hosts`.
    var nodeName: String
    var nodes = 4
    var savesPerSecond: Int
    var seconds: Double = 5
    /// The goals the note states.
    var goals: String

    /// Runs the nodes on `store` (a file path, or `postgres://…#schema`), which must be new.
    func measure(store: String) throws -> BenchResult {
        let peer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("objectstore-history-peer")
        guard FileManager.default.isExecutableFile(atPath: peer.path) else {
            throw ValidationError("\(caseName) needs objectstore-history-peer beside diffable-bench: build both with swift build -c release")
        }
        let populated = try NodeProcess(peer, ["populate", store, "100000"]).finish()
        guard populated.contains(where: { $0.hasPrefix("populated") }) else { throw ValidationError("\(caseName): the store could not be populated") }
        let processes = try (0..<nodes).map { try NodeProcess(peer, ["bench-node", store, String($0), String(nodes), String(savesPerSecond), String(seconds)]) }
        for process in processes { process.waitForLine { $0.hasPrefix("ready") } }
        for process in processes { process.send("go") }
        let lines = processes.flatMap { $0.finish() }
        let remote = lines.compactMap { $0.hasPrefix("remote ") ? Double($0.dropFirst(7)) : nil }
        let local = lines.compactMap { $0.hasPrefix("local ") ? Double($0.dropFirst(6)) : nil }
        guard !remote.isEmpty, !local.isEmpty else { throw ValidationError("\(caseName): the nodes reported no delivery") }
        let (p50, p99) = (percentile(remote, 0.5), percentile(remote, 0.99))
        let expected = Double(nodes * (nodes - 1)) * seconds * Double(savesPerSecond)
        let sustained = sustainedSavesPerSecond(lines)
        var result = BenchResult(
            bench: bench, caseName: caseName, oursMilliseconds: Measurement(runs: remote),
            baseline: "in-process merge, same run", baselineMilliseconds: Measurement(runs: local),
            note: "\(nodes) \(nodeName) × \(savesPerSecond) saves/s for \(formatted(seconds, decimals: 0)) s, controller over 100,000 objects in each; "
                + "sustained \(formatted(sustained, decimals: 0)) of \(nodes * savesPerSecond) saves/s in all; "
                + "\(remote.count) of \(Int(expected)) remote deliveries timed, p50 \(formatted(p50, decimals: 3)) ms p99 \(formatted(p99, decimals: 3)) ms; "
                + "in-process p50 \(formatted(percentile(local, 0.5), decimals: 3)) ms p99 \(formatted(percentile(local, 0.99), decimals: 3)) ms; "
                + "times are medians/spreads of single deliveries, from just before the save; \(goals)")
        result.extra = [
            ("p50_ms", p50), ("p99_ms", p99), ("baseline_p99_ms", percentile(local, 0.99)),
            ("saves_per_second", sustained), ("target_saves_per_second", Double(nodes * savesPerSecond)),
        ]
        return result
    }

    /// The saves per second the nodes sustained together: each node's saves over the time they
    /// took it (`saved <saves> <seconds>`), summed.
    private func sustainedSavesPerSecond(_ lines: [String]) -> Double {
        lines.reduce(0) { total, line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "saved", let saves = Double(fields[1]), let seconds = Double(fields[2]), seconds > 0 else { return total }
            return total + saves / max(seconds, self.seconds)
        }
    }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
