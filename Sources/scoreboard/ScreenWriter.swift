import Foundation
import ListDataSources

/// The standard output shared by the list view and the two footer lines under it (the keys or
/// the filter being typed, then the status line): everything is written under one lock, and
/// the footer again after each drawing of the view, which may have cleared the screen.
final class ScreenWriter: TerminalOutput, @unchecked Sendable {
    // Sendable: the mutable state is behind `lock`.
    private let lock = NSLock()
    private var footer: [String] = ["", ""]
    private var size: TerminalSize

    init(size: TerminalSize) {
        self.size = size
    }

    /// The rows the list view draws in: all but the footer's two.
    static func listSize(of size: TerminalSize) -> TerminalSize {
        TerminalSize(columns: size.columns, rows: max(1, size.rows - 2))
    }

    /// Writes what the list view drew, then the footer.
    func write(_ text: String) {
        lock.withLock { TerminalSession.write(text + footerText()) }
    }

    /// Shows `help` and `status` as the footer.
    func setFooter(help: String, status: String) {
        lock.withLock {
            guard footer != [help, status] else { return }
            footer = [help, status]
            TerminalSession.write(footerText())
        }
    }

    /// Draws the footer for a new screen size.
    func resize(to size: TerminalSize) {
        lock.withLock { self.size = size }
    }

    /// The footer's escape sequences (called under the lock).
    private func footerText() -> String {
        guard size.rows >= 3 else { return "" }
        let width = size.columns
        func fitted(_ text: String) -> String {
            let cut = String(text.prefix(width))
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        return "\u{1B}[\(size.rows - 1);1H\u{1B}[0m" + fitted(footer[0])
            + "\u{1B}[\(size.rows);1H\u{1B}[0;7m" + fitted(footer[1]) + "\u{1B}[0m"
    }
}
