// Guards the example in the documentation comment of `ItemPath`:
// Sources/DiffableSnapshots/BatchUpdate/ItemPath.swift.
import DiffableStore
import Testing

/// `ItemPath`'s example, verbatim apart from the commented comparison, checked with `#expect`.
@Test func itemPathsOrderBySectionThenItem() {
    let path = ItemPath(section: 1, item: 4)
    #expect(path < ItemPath(section: 2, item: 0))
}
