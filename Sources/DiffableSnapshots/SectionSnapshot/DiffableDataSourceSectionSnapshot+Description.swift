import DiffableSupport

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    /// An indented drawing of the outline, one line per item, for debugging.
    ///
    /// Each level indents by two spaces. A plus sign (`+`) marks an expanded item, a minus sign
    /// (`-`) a collapsed item that has children, and collapsed leaves have no mark. An asterisk
    /// (`*`) follows every visible item.
    ///
    /// ```
    /// DiffableDataSourceSectionSnapshot(5 items, 4 visible)
    /// + "Football" *
    ///     "Premier League" *
    ///   - "La Liga" *
    ///       "Real Madrid"
    /// + "Tennis" *
    /// ```
    ///
    /// Here "Tennis" is an expanded leaf.
    ///
    /// - Complexity: O(*n*).
    public func visualDescription() -> String {
        var drawn: [(slot: Int32, isVisible: Bool)] = []
        drawn.reserveCapacity(count)
        var shownUpToLevel = Int32.max  // while hiding a collapsed subtree: the level of its root
        walk(0..<count) { slot in
            let node = Int(slot)
            let isVisible = nodes[node].level <= shownUpToLevel
            if isVisible { shownUpToLevel = nodes[node].isExpanded ? .max : nodes[node].level }
            drawn.append((slot, isVisible))
            return .max
        }
        let visibleCount = drawn.count { $0.isVisible }
        var lines = ["DiffableDataSourceSectionSnapshot(\(counted(count, "item")), \(visibleCount) visible)"]
        for (position, entry) in drawn.enumerated() {
            let node = nodes[Int(entry.slot)]
            let hasChildren = position + 1 < drawn.count && nodes[Int(drawn[position + 1].slot)].level > node.level
            let mark = node.isExpanded ? "+ " : hasChildren ? "- " : "  "
            let indent = String(repeating: "  ", count: Int(node.level))
            lines.append(indent + mark + String(reflecting: node.item) + (entry.isVisible ? " *" : ""))
        }
        return lines.joined(separator: "\n")
    }

    /// The same drawing as ``visualDescription()``.
    public var description: String { visualDescription() }

    /// The same drawing as ``visualDescription()``.
    public var debugDescription: String { visualDescription() }

}
