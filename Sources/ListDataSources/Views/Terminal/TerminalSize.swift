/// The size of a terminal, in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns (characters per line).
    public var columns: Int
    /// The number of rows (lines).
    public var rows: Int

    /// A size of `columns` by `rows` cells; negative values count as 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The size as `columns×rows`, such as `80×24`.
    public var description: String { "\(columns)×\(rows)" }
}
