import DiffableStore

/// The change the update log examples show: from three sections of 40 items to the snapshot that
/// deletes (0,3), moves (0,1) to the top of section 2, inserts at (1,2) and reconfigures (1,5).
func loggedChange() -> (first: DiffableDataSourceSnapshot<String, Int>, second: DiffableDataSourceSnapshot<String, Int>) {
    var first = DiffableDataSourceSnapshot<String, Int>()
    first.appendSections(["A", "B", "C"])
    first.appendItems(Array(0..<10), toSection: "A")
    first.appendItems(Array(10..<25), toSection: "B")
    first.appendItems(Array(25..<40), toSection: "C")
    var second = first
    second.deleteItems([3])
    second.moveItem(1, beforeItem: 25)
    second.insertItems([100], beforeItem: 12)
    second.reconfigureItems([14])
    return (first, second)
}
