/// One row of a terminal screen as a list view draws it: runs of text, each in one style,
/// exactly as wide as the screen.
struct TerminalLine: Equatable {
    struct Run: Equatable {
        var text: String
        var style: TerminalStyle
    }

    var runs: [Run]

    init(_ text: String, style: TerminalStyle = .plain) {
        runs = [Run(text: text, style: style)]
    }

    /// The ANSI text that draws the line on row `row` (from 0) and resets the style.
    func escaped(onRow row: Int) -> String {
        var text = "\u{1B}[\(row + 1);1H"
        for run in runs {
            text += run.style.escapeSequence
            text += run.text
        }
        return text + TerminalStyle.plain.escapeSequence
    }

    /// `text` and `detail` in exactly `width` columns: the text from the left, the detail
    /// against the right edge, cut (text first, with an ellipsis) when they do not fit.
    static func fitted(_ text: String, detail: String = "", width: Int) -> String {
        guard width > 0 else { return "" }
        let detail = detail.count > width ? String(detail.prefix(width)) : detail
        let detailCount = detail.count
        let room = detailCount == 0 ? width : max(0, width - detailCount - 1)
        var shown = text
        var shownCount = shown.count
        if shownCount > room {
            var cut = shown.prefix(max(0, room - 1))
            while cut.last == " " { cut.removeLast() }
            shown = room > 1 ? String(cut) + "…" : String(shown.prefix(room))
            shownCount = shown.count
        }
        var line = shown
        line.reserveCapacity(width + 8)
        appendSpaces(width - shownCount - detailCount, to: &line)
        line += detail
        return line
    }

    private static let spaces = String(repeating: " ", count: 256)

    /// Appends `count` spaces to `line`.
    static func appendSpaces(_ count: Int, to line: inout String) {
        var remaining = max(0, count)
        while remaining > 0 {
            let chunk = min(remaining, 256)
            line += spaces[..<spaces.utf8.index(spaces.startIndex, offsetBy: chunk)]
            remaining -= chunk
        }
    }
}
