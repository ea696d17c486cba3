import DiffableSnapshots

extension DiffableDataSourceSnapshot where SectionIdentifierType == Int, ItemIdentifierType == Int {
    /// The same snapshot with every item `i` replaced by `identifiers[i]`.
    func mapped<Item>(_ identifiers: [Item]) -> DiffableDataSourceSnapshot<Int, Item> {
        var snapshot = DiffableDataSourceSnapshot<Int, Item>()
        snapshot.appendSections(sectionIdentifiers)
        for section in sectionIdentifiers {
            snapshot.appendItems(itemIdentifiers(inSection: section).map { identifiers[$0] }, toSection: section)
        }
        return snapshot
    }
}
