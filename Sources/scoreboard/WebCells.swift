import ListDataSources
import ScoreboardCore
import WebLists

/// The home screen's rows for web pages: the terminal's row, its text and detail as two fields,
/// a live match styled `live`, a match on the bet slip marked `slip`.
enum WebCells {
    static func cell(for item: HomeItem, in home: HomeScreen) -> WebCell {
        let row = HomeCells.cell(for: item, in: home)
        let slip = "[slip] "
        let onSlip = row.text.hasPrefix(slip)
        let title = onSlip ? String(row.text.dropFirst(slip.count)) : row.text
        let style =
            if case .banner = item { "banner" } else if row.detail.hasPrefix("LIVE") { "live" } else if row.detail.hasPrefix("FT ") { "finished" } else { "" }
        return WebCell(fields: row.detail.isEmpty ? [title] : [title, row.detail], style: style, marks: onSlip ? ["slip"] : [])
    }
}
