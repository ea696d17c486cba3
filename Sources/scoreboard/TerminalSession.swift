#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import DiffableSupport
import ListDataSources

/// The terminal while the demo runs: raw mode (keys arrive one by one, unechoed, Ctrl-C as a
/// key), the alternate screen, the cursor hidden; ``restore()`` puts everything back, once,
/// whichever way the demo ends.
final class TerminalSession: Sendable {
    private let original: termios
    private let restored = Locked(false)

    /// Enters raw mode and the alternate screen.
    ///
    /// - Throws: ``TerminalError`` when standard input or output is not a terminal.
    init() throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { throw .cannotSetModes(errno: errno) }
        original = modes
        var raw = modes
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw .cannotSetModes(errno: errno) }
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Leaves the alternate screen, shows the cursor and restores the terminal's modes; later
    /// calls do nothing.
    func restore() {
        let first = restored.withLock { restored -> Bool in
            defer { restored = true }
            return !restored
        }
        guard first else { return }
        Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        var modes = original
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &modes)
    }

    /// The terminal's size now (80×24 when it cannot be read).
    static func size() -> TerminalSize {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
        }
        return TerminalSize(columns: 80, rows: 24)
    }

    /// Writes `text` to the standard output, all of it, ignoring a closed terminal.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
