/// Why the demo cannot use the terminal.
enum TerminalError: Error, CustomStringConvertible {
    /// The standard input or output is not a terminal.
    case notATerminal
    /// The terminal's modes could not be read or set.
    case cannotSetModes(errno: Int32)

    var description: String {
        switch self {
        case .notATerminal:
            "The standard input or output is not a terminal; run with --headless to use no terminal."
        case .cannotSetModes(let errno):
            "Cannot put the terminal in raw mode (errno \(errno)); run with --headless to use no terminal."
        }
    }
}
