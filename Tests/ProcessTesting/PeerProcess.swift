import DiffableSupport
import Foundation
package import ObjectStore

/// A running `objectstore-history-peer`: its lines as they come, its input, and real signals.
///
/// The peer writes one line per event, `<word> <token>` with the token as JSON (or `none`), so a
/// test reads what it did up to the moment it was killed.
package final class PeerProcess: Sendable {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let received = Locked<(lines: [String], partial: String)>(([], ""))
    /// Whether the output has ended.
    private let outputEnded = Locked(false)

    /// Starts the peer with `arguments`, and a thread of its own that reads its output.
    package init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = try BuiltExecutable.url(named: "objectstore-history-peer")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // A thread of its own reads the output until it ends, in blocking reads.
        let (handle, received, outputEnded) = (output.fileHandleForReading, received, outputEnded)
        Thread.detachNewThread {
            while case let data = handle.availableData, !data.isEmpty {
                let text = String(decoding: data, as: UTF8.self)
                received.withLock { state in
                    var pieces = (state.partial + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    state.partial = pieces.removeLast()
                    state.lines.append(contentsOf: pieces)
                }
            }
            outputEnded.withLock { $0 = true }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package var identifier: Int32 { process.processIdentifier }

    /// Whether the process has not ended.
    package var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGSTOP, SIGCONT, …) to the process.
    package func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The whole lines written so far.
    package var lines: [String] { received.withLock { $0.lines } }

    /// The tokens of the lines that start with `word`.
    package func tokens(_ word: String) -> [HistoryToken] {
        lines.filter { $0.hasPrefix(word + " ") }.compactMap(Self.token(in:))
    }

    /// The token of a line `<word> <token>`, nil when it carries none.
    package static func token(in line: String) -> HistoryToken? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        return try? JSONDecoder().decode(HistoryToken.self, from: Data(line[line.index(after: space)...].utf8))
    }

    /// Writes `line` to the process's standard input.
    package func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Kills the process with SIGKILL and waits for it.
    package func killNow() async {
        kill(process.processIdentifier, SIGKILL)
        await finish()
    }

    /// Waits for the process to end and for the last of its output; returns its exit status.
    /// Polls, so that no thread of the tests' shared pool blocks meanwhile.
    @discardableResult
    package func finish() async -> Int32 {
        while process.isRunning || !outputEnded.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return process.terminationStatus
    }
}
