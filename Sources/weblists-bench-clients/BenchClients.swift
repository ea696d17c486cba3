import ArgumentParser
import BenchMemory
import Foundation
import NIOCore
import NIOPosix

/// The WebSocket clients of `diffable-bench web`, in a process of their own so that they share
/// neither the server's threads nor its concurrency pool.
///
/// It connects `--clients` clients to a list's WebSocket on 127.0.0.1 and prints `ready N` once
/// every one holds the full list. It then reads, on standard input, the save time of each
/// generation (`s GENERATION NANOSECONDS`, on the monotonic clock that every process shares) and
/// `end LAST`; waits, 10 seconds at most, for every client to hold `LAST`; and prints
/// `result count=… p50=… p99=… holding=… closed=… messages=… cpu=…`: the latencies in
/// milliseconds from each save to each client reading its update, the clients holding `LAST`,
/// the connections closed, the messages read, and the processor seconds the process used since
/// `ready`. It stops by itself after `--max-seconds`, and when its standard
/// input ends early.
@main
struct BenchClients: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weblists-bench-clients",
        abstract: "WebSocket clients of a list on 127.0.0.1 for diffable-bench web: each save's latency to each client."
    )

    @Option(help: "The port of the list's server on 127.0.0.1.")
    var port: Int

    @Option(help: "The path of the list's WebSocket.")
    var path = "/socket"

    @Option(help: "Clients to connect (1 to 5,000).")
    var clients = 1_000

    @Option(help: "Event loop threads reading the clients (1 to 8).")
    var threads = 1

    @Option(help: "Seconds after which the process stops, whatever it is doing (1 to 3,600).")
    var maxSeconds = 600

    /// Clients connecting at once.
    private static let wave = 64

    func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1 to 65,535, got \(port)") }
        guard path.hasPrefix("/") else { throw ValidationError("--path must start with /, got \(path)") }
        guard (1...5_000).contains(clients) else { throw ValidationError("--clients must be 1 to 5,000, got \(clients)") }
        guard (1...8).contains(threads) else { throw ValidationError("--threads must be 1 to 8, got \(threads)") }
        guard (1...3_600).contains(maxSeconds) else { throw ValidationError("--max-seconds must be 1 to 3,600, got \(maxSeconds)") }
    }

    func run() async throws {
        let limit = maxSeconds
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit)) {
            Self.stop("stopped after --max-seconds \(limit)", status: 3)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let logs = (0..<clients).map { _ in ReceiveLog() }
        for start in stride(from: 0, to: clients, by: Self.wave) {
            let upgraded = try await withThrowingTaskGroup(of: Bool.self) { connecting in
                for log in logs[start..<min(clients, start + Self.wave)] {
                    connecting.addTask { [port, path] in try await ListClient.connect(port: port, path: path, log: log, group: group) }
                }
                return try await connecting.reduce(true) { $0 && $1 }
            }
            guard upgraded else { Self.stop("the server declined a WebSocket upgrade", status: 1) }
        }
        try await waitUntil(seconds: 120) { logs.allSatisfy { $0.last >= 1 || $0.isClosed } }
        guard logs.allSatisfy({ $0.last >= 1 }) else { Self.stop("not every client received the full list", status: 1) }
        Self.say("ready \(clients)")
        let processorAtReady = benchProcessorSeconds()

        // Standard input is read on this thread, blocking it: the clients read on their event loop.
        var saves: [UInt64: UInt64] = [:]
        var last: UInt64?
        while last == nil, let line = readLine() {
            let parts = line.split(separator: " ")
            if parts.count == 3, parts[0] == "s", let generation = UInt64(parts[1]), let time = UInt64(parts[2]) {
                saves[generation] = time
            } else if parts.count == 2, parts[0] == "end", let generation = UInt64(parts[1]) {
                last = generation
            }
        }
        guard let last else { Self.stop("standard input ended before `end`", status: 1) }
        try await waitUntil(seconds: 10) { logs.allSatisfy { $0.last >= last || $0.isClosed } }

        let latencies = logs.flatMap { $0.latencies(from: saves) }.sorted()
        let p50 = latencies.isEmpty ? Double.nan : latencies[latencies.count / 2]
        let p99 = latencies.isEmpty ? Double.nan : latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        let holding = logs.filter { $0.last >= last }.count
        let closed = logs.filter(\.isClosed).count
        let messages = logs.reduce(0) { $0 + $1.messages }
        let processor = benchProcessorSeconds() - processorAtReady
        Self.say("result count=\(latencies.count) p50=\(p50) p99=\(p99) holding=\(holding) closed=\(closed) messages=\(messages) cpu=\(processor)")
        try? await group.shutdownGracefully()
    }

    /// Polls `condition` every 10 ms, `seconds` at most.
    private func waitUntil(seconds: Double, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Writes `line` to standard output at once.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Reports `reason` on standard error and exits with `status`.
    private static func stop(_ reason: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("weblists-bench-clients: \(reason)\n".utf8))
        Foundation.exit(status)
    }
}
