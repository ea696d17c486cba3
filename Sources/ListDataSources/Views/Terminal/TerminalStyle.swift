/// How a run of characters looks in a terminal: the attributes a ``TerminalListView`` uses.
public struct TerminalStyle: Hashable, Sendable {
    /// A foreground colour of the 8-colour ANSI palette.
    public enum Color: Int, Hashable, Sendable, CaseIterable {
        /// Black (ANSI 30).
        case black = 30
        /// Red (ANSI 31).
        case red
        /// Green (ANSI 32): inserted rows.
        case green
        /// Yellow (ANSI 33): updated rows.
        case yellow
        /// Blue (ANSI 34).
        case blue
        /// Magenta (ANSI 35).
        case magenta
        /// Cyan (ANSI 36): moved rows.
        case cyan
        /// White (ANSI 37).
        case white
    }

    /// Bold text (ANSI 1).
    public var isBold: Bool
    /// Underlined text (ANSI 4).
    public var isUnderlined: Bool
    /// Foreground and background swapped (ANSI 7): the selected row and the status line.
    public var isReversed: Bool
    /// The foreground colour, or `nil` for the terminal's default.
    public var color: Color?

    /// A style; by default the terminal's plain text.
    public init(isBold: Bool = false, isUnderlined: Bool = false, isReversed: Bool = false, color: Color? = nil) {
        self.isBold = isBold
        self.isUnderlined = isUnderlined
        self.isReversed = isReversed
        self.color = color
    }

    /// The terminal's plain text.
    public static let plain = TerminalStyle()

    /// The ANSI select-graphic-rendition sequence that sets this style from any other.
    var escapeSequence: String {
        var codes = ["0"]
        if isBold { codes.append("1") }
        if isUnderlined { codes.append("4") }
        if isReversed { codes.append("7") }
        if let color { codes.append(String(color.rawValue)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
