// Guards the examples of the article on writing a list view:
// Sources/ListDataSources/Documentation.docc/WritingAListView.md.
import DiffableStore
import Foundation
import ListDataSourcesTesting
import Testing

@Suite struct WritingAListViewExampleTests {
    final class RowList: ListView, @unchecked Sendable {
        typealias SectionIdentifierType = String
        typealias ItemIdentifierType = Int
        typealias Cell = String

        // Sendable as checked by hand: `lock` guards `snapshot` and `cells`, the only mutable state.
        private let lock = NSLock()
        private var snapshot = DiffableDataSourceSnapshot<String, Int>()
        private var cells: [Int: String] = [:]

        var shown: DiffableDataSourceSnapshot<String, Int> { lock.withLock { snapshot } }

        func reloadData(_ content: ListViewContent<RowList>) throws {
            let cells = try makeCells(content, keeping: [:])
            lock.withLock { (snapshot, self.cells) = (content.snapshot, cells) }
        }

        func performBatchUpdates(_ update: ListViewUpdate<RowList>) throws {
            let (old, new, batch) = (update.oldSnapshot, update.newSnapshot, update.batchUpdate)
            var refreshed = Set(batch.itemReloads.compactMap { old.itemIdentifier(at: $0) })
            refreshed.formUnion(batch.itemReconfigures.compactMap { new.itemIdentifier(at: $0) })
            for section in batch.sectionReloads {
                refreshed.formUnion(old.itemIdentifiers(inSection: old.sectionIdentifiers[section]))
            }
            // Make every cell first, then change the rows: a failure must leave the view as it was.
            let kept = lock.withLock { self.cells }.filter { !refreshed.contains($0.key) }
            let cells = try makeCells(update.content, keeping: kept)
            lock.withLock { (snapshot, self.cells) = (new, cells) }
        }

        /// The cell of every item `content` shows: the one in `kept`, or a new one.
        private func makeCells(_ content: ListViewContent<RowList>, keeping kept: [Int: String]) throws -> [Int: String] {
            var cells: [Int: String] = [:]
            for (section, identifier) in content.snapshot.sectionIdentifiers.enumerated() {
                for (index, item) in content.snapshot.itemIdentifiers(inSection: identifier).enumerated() {
                    cells[item] = try kept[item] ?? content.cell(at: ItemPath(section: section, item: index))
                }
            }
            return cells
        }
    }

    /// "Check the contract", verbatim, run on "Adopt the protocol"'s `RowList` (declared in the
    /// suite verbatim, its imports the file's).
    @Test(arguments: ListViewContractScenario.allCases)
    func rowListKeepsTheContract(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(makeView: { RowList() }, cell: { "row \($0)" }, shownSnapshot: { $0.shown })
        let failures = await contract.run([scenario])
        #expect(failures.isEmpty, "\(failures)")
    }
}
