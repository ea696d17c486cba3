import DiffableSupport
import ListDataSources

/// The standard output shared by the list view and the two footer lines under it (the keys or
/// the filter being typed, then the status line): everything is written under one lock, and
/// the footer again after each drawing of the view, which may have cleared the screen.
final class ScreenWriter: TerminalOutput, Sendable {
    private struct State {
        var footer: [String] = ["", ""]
        var size: TerminalSize
    }

    private let state: Locked<State>

    init(size: TerminalSize) {
        state = Locked(State(size: size))
    }

    /// The rows the list view draws in: all but the footer's two.
    static func listSize(of size: TerminalSize) -> TerminalSize {
        TerminalSize(columns: size.columns, rows: max(1, size.rows - 2))
    }

    /// Writes what the list view drew, then the footer.
    func write(_ text: String) {
        state.withLock { TerminalSession.write(text + Self.footerText($0)) }
    }

    /// Shows `help` and `status` as the footer.
    func setFooter(help: String, status: String) {
        state.withLock { state in
            guard state.footer != [help, status] else { return }
            state.footer = [help, status]
            TerminalSession.write(Self.footerText(state))
        }
    }

    /// Draws the footer for a new screen size.
    func resize(to size: TerminalSize) {
        state.withLock { $0.size = size }
    }

    /// The footer's escape sequences for `state`.
    private static func footerText(_ state: State) -> String {
        let size = state.size
        guard size.rows >= 3 else { return "" }
        let width = size.columns
        func fitted(_ text: String) -> String {
            let cut = String(text.prefix(width))
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        return "\u{1B}[\(size.rows - 1);1H\u{1B}[0m" + fitted(state.footer[0])
            + "\u{1B}[\(size.rows);1H\u{1B}[0;7m" + fitted(state.footer[1]) + "\u{1B}[0m"
    }
}
