@testable import DiffableSnapshots

/// Outline fixtures and readable views of section snapshots shared by the section snapshot tests.
enum SectionSnapshotFixtures {
    /// ```
    /// + A
    ///   - A1
    ///       A1a
    ///       A1b
    ///     A2
    ///   B
    /// - C
    ///     C1
    /// ```
    static func sample() -> DiffableDataSourceSectionSnapshot<String> {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["A", "B", "C"])
        outline.append(["A1", "A2"], to: "A")
        outline.append(["A1a", "A1b"], to: "A1")
        outline.append(["C1"], to: "C")
        outline.expand(["A"])
        return outline
    }
}

extension DiffableDataSourceSectionSnapshot where ItemIdentifierType == String {
    /// Every item indented by two spaces per level, depth first: the hierarchy at a glance.
    var indented: [String] {
        items.map { String(repeating: "  ", count: level(of: $0)) + $0 }
    }
}
