import DiffableSupport
import Foundation
import ObjectStore
@testable import objectstore_history_peer

/// A running `objectstore-history-peer`: its lines as they come, its input, and a real kill.
final class PeerProcess: Sendable {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let received = Locked<(lines: [String], partial: String)>(([], ""))
    /// Whether the output has ended.
    private let outputEnded = Locked(false)

    init(_ arguments: [String]) throws {
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

    var identifier: Int32 { process.processIdentifier }

    /// Sends `signal` (SIGSTOP, SIGCONT, …) to the process.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The whole lines written so far.
    var lines: [String] { received.withLock { $0.lines } }

    /// The tokens of the lines that start with `word`.
    func tokens(_ word: String) -> [HistoryToken] {
        lines.filter { $0.hasPrefix(word + " ") }.compactMap { PeerOutput.token(in: Substring($0)) }
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Kills the process with SIGKILL and waits for it.
    func killNow() async {
        kill(process.processIdentifier, SIGKILL)
        await finish()
    }

    /// Waits for the process to end and for the last of its output; returns its exit status.
    /// Polls, so that no thread of the tests' shared pool blocks meanwhile.
    @discardableResult
    func finish() async -> Int32 {
        while process.isRunning || !outputEnded.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return process.terminationStatus
    }
}
