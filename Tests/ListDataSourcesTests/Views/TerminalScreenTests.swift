import DiffableSnapshots
import ListDataSources
import Testing

@Suite("Terminal screen")
struct TerminalScreenTests {
    @Test("cursor moves, styles, erasing and clearing are interpreted; text past the edge is cut")
    func interpretsTheEscapesTheViewWrites() {
        let screen = TerminalScreen(size: TerminalSize(columns: 10, rows: 3))
        screen.write("\u{1B}[2;3Hhello\u{1B}[1;32m!\u{1B}[0m")
        #expect(screen.lines == ["", "  hello!", ""])
        #expect(screen.style(row: 1, column: 7) == TerminalStyle(isBold: true, color: .green))
        #expect(screen.style(row: 1, column: 6) == .plain)
        screen.write("\u{1B}[2;5H\u{1B}[K\u{1B}[3;1H0123456789abc\u{1B}[?25l")
        #expect(screen.lines == ["", "  he", "0123456789"])
        screen.write("\u{1B}[7;4mX\u{1B}[2J")
        #expect(screen.lines == ["", "", ""])
        #expect(screen.writeCount == 3)
    }
}
