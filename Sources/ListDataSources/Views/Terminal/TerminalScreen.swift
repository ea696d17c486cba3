import DiffableSupport

/// A screen of fixed size in memory that interprets the ANSI text a ``TerminalListView`` writes:
/// what a terminal would show, readable line by line and cell by cell.
///
/// Tests compare its ``lines`` with expected screens; benchmarks draw into it without a
/// terminal; a larger program can give a list view a screen as a pane and copy it out.
///
/// ```swift
/// let screen = TerminalScreen(size: TerminalSize(columns: 40, rows: 10))
/// let view = TerminalListView<String, Int>(size: screen.size, output: screen)
/// // … apply snapshots through a data source …
/// print(screen.lines.joined(separator: "\n"))
/// ```
///
/// It understands what the list view writes: cursor positioning (`ESC[row;colH`), clearing the
/// screen (`ESC[2J`), erasing to the end of the line (`ESC[K`), and the styles of
/// ``TerminalStyle`` (`ESC[…m`); it ignores other escape sequences. Text that runs past the right
/// edge is cut, not wrapped. All members can be used from any thread.
public final class TerminalScreen: TerminalOutput {
    private struct Grid {
        var size: TerminalSize
        var characters: [[Character]]
        var styles: [[TerminalStyle]]
        var row = 0
        var column = 0
        var style = TerminalStyle.plain
        var bytesWritten = 0
        var writeCount = 0

        init(size: TerminalSize) {
            self.size = size
            characters = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
            styles = Array(repeating: Array(repeating: .plain, count: size.columns), count: size.rows)
        }
    }

    private let grid: Locked<Grid>

    /// A blank screen of `size`.
    public init(size: TerminalSize) {
        grid = Locked(Grid(size: size))
    }

    /// The size of the screen.
    public var size: TerminalSize {
        grid.withLock { $0.size }
    }

    /// Every row of the screen as text, trailing spaces removed.
    ///
    /// Each Unicode scalar takes one cell, as every character the list view writes does.
    public var lines: [String] {
        grid.withLock { grid in
            grid.characters.map { row in
                var line = String(row)
                while line.last == " " { line.removeLast() }
                return line
            }
        }
    }

    /// The style of the character at `row` and `column` (both from 0).
    ///
    /// - Precondition: The position is on the screen.
    public func style(row: Int, column: Int) -> TerminalStyle {
        grid.withLock { $0.styles[row][column] }
    }

    /// How many bytes of text (escape sequences included) were written so far.
    public var bytesWritten: Int {
        grid.withLock { $0.bytesWritten }
    }

    /// How many times ``write(_:)`` was called so far.
    public var writeCount: Int {
        grid.withLock { $0.writeCount }
    }

    /// Changes the size as a terminal window does: what fits stays, new cells are blank.
    public func resize(to size: TerminalSize) {
        grid.withLock { grid in
            var resized = Grid(size: size)
            for row in 0..<min(size.rows, grid.size.rows) {
                for column in 0..<min(size.columns, grid.size.columns) {
                    resized.characters[row][column] = grid.characters[row][column]
                    resized.styles[row][column] = grid.styles[row][column]
                }
            }
            resized.bytesWritten = grid.bytesWritten
            resized.writeCount = grid.writeCount
            grid = resized
        }
    }

    /// Interprets `text` as a terminal would.
    public func write(_ text: String) {
        grid.withLock { grid in
            grid.bytesWritten += text.utf8.count
            grid.writeCount += 1
            var scalars = text.unicodeScalars[...]
            while let first = scalars.first {
                if first == "\u{1B}" {
                    scalars = Self.interpretEscape(scalars.dropFirst(), &grid)
                    continue
                }
                Self.put(Character(first), &grid)
                scalars = scalars.dropFirst()
            }
        }
    }

    private static func put(_ character: Character, _ grid: inout Grid) {
        guard character != "\n" else {
            grid.row += 1
            grid.column = 0
            return
        }
        guard character != "\r" else {
            grid.column = 0
            return
        }
        if grid.row >= 0, grid.row < grid.size.rows, grid.column >= 0, grid.column < grid.size.columns {
            grid.characters[grid.row][grid.column] = character
            grid.styles[grid.row][grid.column] = grid.style
        }
        grid.column += 1
    }

    /// Interprets the escape sequence at the start of `scalars` (after its ESC) and returns what
    /// follows it.
    private static func interpretEscape(
        _ scalars: Substring.UnicodeScalarView,
        _ grid: inout Grid
    ) -> Substring.UnicodeScalarView {
        guard scalars.first == "[" else { return scalars.dropFirst() }
        var rest = scalars.dropFirst()
        var parameters = ""
        while let scalar = rest.first, !(0x40...0x7E).contains(scalar.value) {
            parameters.unicodeScalars.append(scalar)
            rest = rest.dropFirst()
        }
        guard let final = rest.first else { return rest }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count ? numbers[index] ?? value : value
        }
        switch final {
        case "H", "f":
            grid.row = number(0, default: 1) - 1
            grid.column = number(1, default: 1) - 1
        case "J" where number(0, default: 0) == 2:
            grid.characters = Array(repeating: Array(repeating: " ", count: grid.size.columns), count: grid.size.rows)
            grid.styles = Array(repeating: Array(repeating: .plain, count: grid.size.columns), count: grid.size.rows)
        case "K" where number(0, default: 0) == 0:
            if grid.row >= 0, grid.row < grid.size.rows {
                for column in max(0, grid.column)..<max(0, grid.size.columns) {
                    grid.characters[grid.row][column] = " "
                    grid.styles[grid.row][column] = grid.style
                }
            }
        case "m" where !parameters.hasPrefix("?"):
            for code in numbers.map({ $0 ?? 0 }) {
                switch code {
                case 0: grid.style = .plain
                case 1: grid.style.isBold = true
                case 4: grid.style.isUnderlined = true
                case 7: grid.style.isReversed = true
                case 39: grid.style.color = nil
                case 30...37: grid.style.color = TerminalStyle.Color(rawValue: code)
                default: break
                }
            }
        default:
            break
        }
        return rest.dropFirst()
    }
}
