import DiffableSnapshots
import TestSupport
import Testing

private typealias Snapshot = TestSnapshot

private func itemsBySection(_ snapshot: Snapshot) -> [String: [Int]] {
    Dictionary(uniqueKeysWithValues: snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) })
}

@Suite("DiffableDataSourceSnapshot")
struct DiffableDataSourceSnapshotTests {
    @Test func anEmptySnapshotHasNothing() {
        let snapshot = Snapshot()
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.sectionIdentifiers.isEmpty)
        #expect(snapshot.itemIdentifiers.isEmpty)
        #expect(snapshot.indexOfItem(1) == nil)
        #expect(snapshot.indexOfSection("A") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
        #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
        #expect(snapshot == Snapshot())
    }

    @Test func appendItemsGoesToTheLastSectionByDefault() {
        var snapshot = Snapshot()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2])
        snapshot.appendItems([3], toSection: "A")
        #expect(snapshot.itemIdentifiers(inSection: "A") == [3])
        #expect(snapshot.itemIdentifiers(inSection: "B") == [1, 2])
        #expect(snapshot.itemIdentifiers == [3, 1, 2])
        #expect(snapshot.numberOfItems == 3)
        #expect(snapshot.numberOfItems(inSection: "B") == 2)
    }

    @Test func appendingNoItemsChangesNothing() {
        var snapshot = makeSnapshot(["A": [1]])
        snapshot.appendItems([])
        #expect(snapshot == makeSnapshot(["A": [1]]))
    }

    @Test func queriesAnswerForEveryPosition() {
        let snapshot = makeSnapshot(["A": [1, 2], "B": [], "C": [3, 4, 5]])
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.indexOfItem(2) == 1)
        #expect(snapshot.indexOfItem(3) == 2)
        #expect(snapshot.indexOfItem(5) == 4)
        #expect(snapshot.indexOfItem(6) == nil)
        #expect(snapshot.indexOfSection("A") == 0)
        #expect(snapshot.indexOfSection("C") == 2)
        #expect(snapshot.indexOfSection("Z") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "A")
        #expect(snapshot.sectionIdentifier(containingItem: 5) == "C")
        #expect(snapshot.numberOfItems(inSection: "B") == 0)
        #expect(snapshot.itemIdentifiers(inSection: "B") == [])
    }

    @Test func insertItemsBeforeAndAfterAnyItem() {
        var snapshot = makeSnapshot(["A": [1, 2], "B": [3]])
        snapshot.insertItems([10, 11], beforeItem: 1)
        snapshot.insertItems([12], afterItem: 2)
        snapshot.insertItems([13], beforeItem: 2)
        snapshot.insertItems([14], afterItem: 3)
        #expect(itemsBySection(snapshot) == ["A": [10, 11, 1, 13, 2, 12], "B": [3, 14]])
        #expect(snapshot.indexOfItem(14) == 7)
        #expect(snapshot.indexOfItem(2) == 4)
    }

    @Test func deleteItemsFromAnywhereAndIgnoreUnknownOnes() {
        var snapshot = makeSnapshot(["A": [1, 2, 3, 4], "B": [5, 6]])
        snapshot.deleteItems([1, 4, 6, 99, 4])
        #expect(itemsBySection(snapshot) == ["A": [2, 3], "B": [5]])
        #expect(snapshot.indexOfItem(5) == 2)
        #expect(snapshot.indexOfItem(1) == nil)
        snapshot.deleteItems([2, 3])
        #expect(itemsBySection(snapshot) == ["A": [], "B": [5]])
        #expect(snapshot.sectionIdentifiers == ["A", "B"])
    }

    @Test func deleteAllItemsLeavesAnEmptySnapshotWithoutSections() {
        var snapshot = makeSnapshot(["A": [1, 2], "B": [3]])
        snapshot.reloadSections(["A"])
        snapshot.deleteAllItems()
        #expect(snapshot == Snapshot())
        #expect(snapshot.numberOfSections == 0)
        snapshot.appendSections(["A"])
        snapshot.appendItems([1])
        #expect(snapshot.itemIdentifiers == [1])
    }

    @Test func moveItemWithinASectionBothWays() {
        var snapshot = makeSnapshot(["A": [1, 2, 3, 4]])
        snapshot.moveItem(1, afterItem: 3)
        #expect(snapshot.itemIdentifiers == [2, 3, 1, 4])
        snapshot.moveItem(4, beforeItem: 2)
        #expect(snapshot.itemIdentifiers == [4, 2, 3, 1])
        snapshot.moveItem(4, afterItem: 1)
        #expect(snapshot.itemIdentifiers == [2, 3, 1, 4])
        snapshot.moveItem(4, beforeItem: 2)
        #expect(snapshot.itemIdentifiers == [4, 2, 3, 1])
        #expect(snapshot.indexOfItem(1) == 3)
    }

    @Test func moveItemAcrossSections() {
        var snapshot = makeSnapshot(["A": [1, 2], "B": [3, 4]])
        snapshot.moveItem(1, afterItem: 4)
        #expect(itemsBySection(snapshot) == ["A": [2], "B": [3, 4, 1]])
        snapshot.moveItem(3, beforeItem: 2)
        #expect(itemsBySection(snapshot) == ["A": [3, 2], "B": [4, 1]])
        #expect(snapshot.sectionIdentifier(containingItem: 3) == "A")
        #expect(snapshot.indexOfItem(1) == 3)
    }

    @Test func movingAnItemNextToItselfDoesNothing() {
        var snapshot = makeSnapshot(["A": [1, 2, 3]])
        snapshot.moveItem(2, beforeItem: 2)
        snapshot.moveItem(2, afterItem: 2)
        #expect(snapshot.itemIdentifiers == [1, 2, 3])
    }

    @Test func insertSectionsBeforeAndAfterAnySection() {
        var snapshot = makeSnapshot(["B": [1], "D": [2]])
        snapshot.insertSections(["A"], beforeSection: "B")
        snapshot.insertSections(["C"], afterSection: "B")
        snapshot.insertSections(["E", "F"], afterSection: "D")
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C", "D", "E", "F"])
        #expect(snapshot.indexOfItem(2) == 1)
        #expect(snapshot.indexOfSection("F") == 5)
        snapshot.appendItems([3], toSection: "C")
        #expect(snapshot.itemIdentifiers == [1, 3, 2])
    }

    @Test func deleteSectionsRemovesTheirItemsAndIgnoresUnknownOnes() {
        var snapshot = makeSnapshot(["A": [1], "B": [2, 3], "C": [4], "D": [5]])
        snapshot.reloadItems([2])
        snapshot.deleteSections(["B", "Z", "D"])
        #expect(snapshot.sectionIdentifiers == ["A", "C"])
        #expect(snapshot.itemIdentifiers == [1, 4])
        #expect(snapshot.indexOfItem(2) == nil)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        snapshot.appendSections(["B"])
        snapshot.appendItems([2, 3])
        #expect(snapshot.itemIdentifiers == [1, 4, 2, 3])
    }

    @Test func moveSectionBothWaysKeepsItsItems() {
        var snapshot = makeSnapshot(["A": [1], "B": [2], "C": [3], "D": [4]])
        snapshot.moveSection("A", afterSection: "C")
        #expect(snapshot.sectionIdentifiers == ["B", "C", "A", "D"])
        snapshot.moveSection("D", beforeSection: "B")
        #expect(snapshot.sectionIdentifiers == ["D", "B", "C", "A"])
        snapshot.moveSection("D", afterSection: "A")
        #expect(snapshot.sectionIdentifiers == ["B", "C", "A", "D"])
        snapshot.moveSection("C", beforeSection: "C")
        #expect(snapshot.sectionIdentifiers == ["B", "C", "A", "D"])
        #expect(snapshot.itemIdentifiers == [2, 3, 1, 4])
        #expect(snapshot.indexOfItem(1) == 2)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == "A")
    }

    @Test func marksAreRecordedAndFollowDeletion() {
        var snapshot = makeSnapshot(["A": [1, 2, 3], "B": [4]])
        snapshot.reloadItems([1, 2])
        snapshot.reconfigureItems([2, 3])
        snapshot.reloadSections(["B"])
        #expect(Set(snapshot.reloadedItemIdentifiers) == [1, 2])
        #expect(Set(snapshot.reconfiguredItemIdentifiers) == [2, 3])
        #expect(snapshot.reloadedSectionIdentifiers == ["B"])
        snapshot.moveItem(2, afterItem: 4)
        #expect(Set(snapshot.reloadedItemIdentifiers) == [1, 2])
        snapshot.deleteItems([2])
        #expect(Set(snapshot.reloadedItemIdentifiers) == [1])
        #expect(Set(snapshot.reconfiguredItemIdentifiers) == [3])
        snapshot.deleteSections(["B"])
        #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    }

    @Test func equalityComparesOrderAndMarks() {
        let base = makeSnapshot(["A": [1, 2], "B": [3]])
        #expect(base == makeSnapshot(["A": [1, 2], "B": [3]]))
        #expect(base != makeSnapshot(["A": [2, 1], "B": [3]]))
        #expect(base != makeSnapshot(["B": [3], "A": [1, 2]]))
        #expect(base != makeSnapshot(["A": [1], "B": [2, 3]]))
        var marked = base
        marked.reconfigureItems([1])
        #expect(base != marked)
    }

    @Test func copiesAreIndependent() {
        let original = makeSnapshot(["A": [1, 2], "B": [3]])
        var copy = original
        copy.appendItems([4], toSection: "A")
        copy.moveSection("B", beforeSection: "A")
        copy.deleteItems([1])
        #expect(original.itemIdentifiers == [1, 2, 3])
        #expect(original.indexOfItem(3) == 2)
        #expect(copy.itemIdentifiers == [3, 2, 4])
    }

    /// Also holds the listing shown in the documentation of `description`
    /// (Sources/DiffableSnapshots/Snapshot/DiffableDataSourceSnapshot+Description.swift).
    @Test func descriptionListsSectionsItemsAndMarks() {
        var snapshot = makeSnapshot(["Live": [1, 2], "Upcoming": [3]])
        snapshot.reconfigureItems([2])
        #expect(snapshot.description == """
            DiffableDataSourceSnapshot(2 sections, 3 items)
              "Live": [1, 2]
              "Upcoming": [3]
              reconfigured items: [2]
            """)
        #expect(Snapshot().description == "DiffableDataSourceSnapshot(0 sections, 0 items)")
        #expect(snapshot.debugDescription == snapshot.description)
    }

    @Test func snapshotsAreSendable() async {
        let snapshot = makeSnapshot(["A": [1]])
        let count = await Task.detached { snapshot.numberOfItems }.value
        #expect(count == 1)
    }
}
