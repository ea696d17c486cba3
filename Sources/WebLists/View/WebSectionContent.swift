/// A whole section as a page receives it, in a full list or when a batch update inserts or
/// reloads it: its key, its header and its keyed rows.
struct WebSectionContent: Sendable {
    var key: Int
    var header: WebCell
    var rows: [(key: Int, cell: WebCell)]
}

extension JSONText {
    /// Writes `section` as `[key,header,[[key,cell],…]]`.
    mutating func section(_ section: WebSectionContent) {
        raw("[")
        number(section.key)
        raw(",")
        cell(section.header)
        raw(",")
        array(section.rows) { $0.row(key: $1.key, cell: $1.cell) }
        raw("]")
    }
}
