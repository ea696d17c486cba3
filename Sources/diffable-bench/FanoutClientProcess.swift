import ArgumentParser
import DiffableSupport
import Foundation

/// The `web` benchmark's clients: a `weblists-bench-clients` process beside this executable,
/// connected to the list's WebSocket on 127.0.0.1, told each save's time and reporting each
/// client's receipt of it, on the monotonic clock both processes share.
final class FanoutClientProcess: Sendable {
    /// What the clients process reported at the end.
    struct Report {
        var p50: Double
        var p99: Double
        var latencies: Int
        var holding: Int
        var closed: Int
        var messages: Int
        /// Processor seconds the clients process used from `ready` to its report.
        var processorSeconds: Double
    }

    private let process: Process
    private let input: FileHandle
    private let lines: Locked<(lines: [String], ended: Bool)>

    /// Starts `clients` clients of the WebSocket at `path` on 127.0.0.1:`port`, read by
    /// `threads` event loop threads.
    init(clients: Int, threads: Int, port: Int, path: String = "/socket") throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weblists-bench-clients")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ValidationError("web needs weblists-bench-clients beside diffable-bench: swift build -c release --product diffable-bench builds both")
        }
        process = Process()
        process.executableURL = executable
        process.arguments = ["--port", String(port), "--path", path, "--clients", String(clients), "--threads", String(threads), "--max-seconds", "600"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        input = stdin.fileHandleForWriting
        let lines = Locked<(lines: [String], ended: Bool)>(([], false))
        self.lines = lines
        try process.run()
        let output = stdout.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = output.availableData
                guard !chunk.isEmpty else { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.lines.append(line) }
                }
            }
            lines.withLock { $0.ended = true }
        }
    }

    /// Waits, `seconds` at most, until every client holds the full list.
    func waitUntilReady(seconds: Double) async throws {
        _ = try await line(startingWith: "ready", seconds: seconds)
    }

    /// Sends the save time of every generation (nanoseconds, monotonic) and the last
    /// generation, and returns what the clients saw, 60 seconds at most later.
    func finish(saves: [(generation: UInt64, time: UInt64)], last: UInt64) async throws -> Report {
        var text = ""
        for save in saves { text += "s \(save.generation) \(save.time)\n" }
        text += "end \(last)\n"
        try input.write(contentsOf: Data(text.utf8))
        let result = try await line(startingWith: "result", seconds: 60)
        var fields: [String: String] = [:]
        for part in result.split(separator: " ").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        func number(_ name: String) -> Double { fields[name].flatMap(Double.init) ?? .nan }
        return Report(
            p50: number("p50"), p99: number("p99"), latencies: Int(number("count")), holding: Int(number("holding")),
            closed: Int(number("closed")), messages: Int(number("messages")), processorSeconds: number("cpu"))
    }

    /// Ends the process if it is still running.
    func stop() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func line(startingWith prefix: String, seconds: Double) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let (line, ended) = lines.withLock { state -> (String?, Bool) in
                if let index = state.lines.firstIndex(where: { $0.hasPrefix(prefix) }) { return (state.lines.remove(at: index), false) }
                return (nil, state.ended)
            }
            if let line { return line }
            if ended { throw WebBenchmarkError(description: "weblists-bench-clients ended before `\(prefix)`") }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw WebBenchmarkError(description: "weblists-bench-clients did not say `\(prefix)` within \(seconds) s")
    }
}
