import DiffableSupport

extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    /// A readable listing: one line per section with its items, then the marks, if any.
    ///
    /// ```
    /// DiffableDataSourceSnapshot(2 sections, 3 items)
    ///   "Live": [1, 2]
    ///   "Upcoming": [3]
    ///   reconfigured items: [2]
    /// ```
    public var description: String {
        var lines = ["DiffableDataSourceSnapshot(\(counted(numberOfSections, "section")), \(counted(numberOfItems, "item")))"]
        for (section, key) in zip(sections, sectionKeys) {
            let items = storage.trees[Int(key)].items
            lines.append("  \(String(reflecting: section)): [\(items.map { String(reflecting: $0) }.joined(separator: ", "))]")
        }
        func marks<T>(_ label: String, _ set: Set<T>) {
            guard !set.isEmpty else { return }
            let listed = set.map { String(reflecting: $0) }.sorted()
            lines.append("  \(label): [\(listed.joined(separator: ", "))]")
        }
        marks("reloaded sections", reloadedSections)
        marks("reloaded items", reloadedItems)
        marks("reconfigured items", reconfiguredItems)
        return lines.joined(separator: "\n")
    }

    /// The same listing as ``description``.
    public var debugDescription: String { description }

}
