import DiffableSupport
import Foundation

/// A benchmark node process: its output read whole lines at a time on a thread of its own.
final class NodeProcess: Sendable {
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
