// Guards the examples in the documentation comments of reordering:
// Sources/ListDataSources/Reordering/DiffableDataSource+Reordering.swift,
// DiffableDataSource+ReorderingHandlers.swift and DiffableDataSourceTransaction.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct ReorderingExampleTests {
    /// An app's store of the order of its items, safe to call from any thread.
    final class Store: @unchecked Sendable {
        // Sendable as checked by hand: `lock` guards `items`, the only mutable state.
        private let lock = NSLock()
        private var items: [Int] = []

        init(_ items: [Int] = []) { self.items = items }

        var order: [Int] { lock.withLock { items } }

        func saveOrder(_ items: [Int]) {
            lock.withLock { self.items = items }
        }

        func update(_ body: (inout [Int]) -> Void) {
            lock.withLock { body(&items) }
        }
    }

    /// A data source showing section 0 with items 1 to 3 and section 1 with items 4 and 5.
    func twoSections() async throws -> DiffableDataSource<String, Int> {
        let dataSource = DiffableDataSource(view: HeadlessListView<String, Int, String>()) { _, _, item in "row \(item)" }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Favourites", "Others"])
        snapshot.appendItems([1, 2, 3], toSection: "Favourites")
        snapshot.appendItems([4, 5], toSection: "Others")
        try await dataSource.apply(snapshot)
        return dataSource
    }

    /// The examples of `ReorderingHandlers` (DiffableDataSource+ReorderingHandlers.swift) and of
    /// `moveItem(at:to:isolation:)` (DiffableDataSource+Reordering.swift), verbatim, one after
    /// the other; the test supplies the data source and the store.
    @Test func aDraggedRowMovesAndTheStoreSavesTheNewOrder() async throws {
        let dataSource = try await twoSections()
        let store = Store()

        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { transaction in
            store.saveOrder(transaction.finalSnapshot.itemIdentifiers)
        }

        // The user dragged the third row of section 0 to the top of section 1.
        if dataSource.canMoveItem(at: ItemPath(section: 0, item: 2)) {
            try await dataSource.moveItem(at: ItemPath(section: 0, item: 2), to: ItemPath(section: 1, item: 0))
        }

        #expect(store.order == [1, 2, 3, 4, 5])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "Others") == [3, 4, 5])
    }

    /// `DiffableDataSourceTransaction`'s example (DiffableDataSourceTransaction.swift),
    /// verbatim; the test supplies the data source, the store of favourites, and a move.
    @Test func theTransactionsDifferenceUpdatesAStore() async throws {
        let dataSource = try await twoSections()
        let favourites = Store([1, 2, 3, 4, 5])
        dataSource.reorderingHandlers.canReorderItem = { _ in true }

        dataSource.reorderingHandlers.didReorder = { transaction in
            favourites.update { items in      // your store, safe to call from any thread
                if let reordered = items.applying(transaction.difference) { items = reordered }
            }
        }

        try await dataSource.moveItem(at: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
        #expect(favourites.order == [5, 1, 2, 3, 4])
    }
}
