import Foundation

/// Where a ``TerminalListView`` writes its ANSI text: the process's standard output, or a
/// ``TerminalScreen`` that interprets it (for tests, benchmarks, and a pane of a larger screen).
public protocol TerminalOutput: AnyObject, Sendable {
    /// Writes `text`, escape sequences included, as one piece.
    func write(_ text: String)
}

/// The process's standard output.
public final class StandardTerminalOutput: TerminalOutput {
    /// Writes to the standard output.
    public init() {}

    /// Writes `text` and flushes it, so the terminal shows it at once.
    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
