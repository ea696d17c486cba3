/// What a terminal list shows for an item or a section header: a line of text and, aligned to
/// the right edge, an optional detail.
///
/// ```swift
/// let match = TerminalCell("Arsenal – Chelsea", detail: "2:1")
/// let plain: TerminalCell = "Tennis"
/// ```
///
/// Each character takes one column; text that does not fit is cut, the detail first kept whole.
public struct TerminalCell: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text, from the left edge.
    public var text: String
    /// The detail, aligned to the right edge; empty for none.
    public var detail: String

    /// A cell showing `text`, and `detail` at the right edge.
    public init(_ text: String, detail: String = "") {
        self.text = text
        self.detail = detail
    }

    /// A cell showing `value` and no detail.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
