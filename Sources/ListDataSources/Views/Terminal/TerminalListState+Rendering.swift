import DiffableSnapshots
import DiffableSupport

extension TerminalListState {
    /// The ANSI text that brings the terminal from what it shows to what the list shows at
    /// `now`: only the rows that differ, or the whole screen after a resize or a redraw.
    ///
    /// Marks expired by `now` are dropped first.
    ///
    /// - Complexity: O(*r* · *c*) for a screen of *r* rows of *c* columns, plus the expired
    ///   marks; what is written is proportional to the rows that changed.
    mutating func render(at now: Duration) -> String {
        itemMarks.removeExpired(at: now)
        sectionMarks.removeExpired(at: now)
        let lines = screenLines(at: now)
        var text = ""
        if let screen, screen.count == lines.count {
            for (row, line) in lines.enumerated() where line != screen[row] {
                text += line.escaped(onRow: row)
            }
        } else {
            text = "\u{1B}[?25l\u{1B}[0m\u{1B}[2J"
            for (row, line) in lines.enumerated() {
                text += line.escaped(onRow: row)
            }
        }
        screen = lines
        return text
    }

    /// Every row of the screen.
    func screenLines(at now: Duration) -> [TerminalLine] {
        let width = size.columns
        var lines: [TerminalLine] = []
        lines.reserveCapacity(size.rows)
        var firstItem: ItemPath?
        var lastItem: ItemPath?
        for row in visibleRows {
            switch row {
            case .header(_, let section):
                let header = headers[section] ?? TerminalCell(String(describing: section))
                let mark = sectionMarks.mark(of: section, at: now)
                lines.append(TerminalLine(
                    TerminalLine.fitted(header.text, detail: header.detail, width: width),
                    style: TerminalStyle(isBold: true, isUnderlined: true, color: mark?.color)
                ))
            case .item(let path, let item, let section):
                if firstItem == nil { firstItem = path }
                lastItem = path
                let cell = cells[item] ?? TerminalCell("")
                let mark = itemMarks.mark(of: item, at: now) ?? sectionMarks.mark(of: section, at: now)
                let isSelected = item == selection
                let lead = "\(isSelected ? ">" : " ")\(mark?.glyph ?? " ") "
                let body = TerminalLine.fitted(cell.text, detail: cell.detail, width: width - 3)
                lines.append(TerminalLine(
                    width >= 3 ? lead + body : String(lead.prefix(width)),
                    style: TerminalStyle(isReversed: isSelected, color: mark?.color)
                ))
            }
        }
        let blank = TerminalLine(String(repeating: " ", count: width))
        while lines.count < listRows { lines.append(blank) }
        if showsStatusLine, size.rows > 0 {
            lines.append(TerminalLine(
                TerminalLine.fitted(statusText(first: firstItem, last: lastItem), width: width),
                style: TerminalStyle(isReversed: true)
            ))
        }
        return lines
    }

    /// The status line: which items are on screen (`first` to `last`), of how many.
    private func statusText(first: ItemPath?, last: ItemPath?) -> String {
        guard let first, let last else {
            return " \(counted(layout.itemCount, "item"))"
        }
        return " \(layout.index(of: first) + 1)-\(layout.index(of: last) + 1) of \(layout.itemCount)"
    }
}
