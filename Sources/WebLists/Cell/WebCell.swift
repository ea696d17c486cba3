/// What a web page shows for an item or a section header: text fields, a style and marks.
///
/// The page puts each field in an element of its own, in order, as text: whatever a field
/// holds, markup included, shows as those characters. ``style`` and ``marks`` become class names
/// the page's stylesheet (or yours) can style; the page keeps only their letters, digits and
/// hyphens.
///
/// ```swift
/// let match = WebCell("Arsenal v Chelsea", "LIVE 2:1", style: "live", marks: ["slip"])
/// let plain: WebCell = "Tennis"
/// ```
public struct WebCell: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text fields, shown in order; the first is the row's title.
    public var fields: [String]
    /// The row's look: a class name for the stylesheet, empty for the default.
    public var style: String
    /// Marks on the row (such as `slip` for a match on the bet slip): class names too.
    public var marks: [String]

    /// A cell showing `fields` in order, in `style`, with `marks`.
    public init(_ fields: String..., style: String = "", marks: [String] = []) {
        self.init(fields: fields, style: style, marks: marks)
    }

    /// A cell showing `fields` in order, in `style`, with `marks`.
    public init(fields: [String], style: String = "", marks: [String] = []) {
        self.fields = fields
        self.style = style
        self.marks = marks
    }

    /// A cell showing `value` as its one field.
    public init(stringLiteral value: String) {
        self.init(fields: [value])
    }
}
