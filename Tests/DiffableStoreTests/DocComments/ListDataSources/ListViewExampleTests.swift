// Guards the examples in the documentation comments of `ListView`, `ListViewContent` and
// `ListViewUpdate`: Sources/ListDataSources/ListView/ListView.swift, ListViewContent.swift and
// ListViewUpdate.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct ListViewExampleTests {
    /// `ListView`'s example (ListView.swift), verbatim.
    final class RowCounter: ListView, @unchecked Sendable {
        typealias SectionIdentifierType = String
        typealias ItemIdentifierType = Int
        typealias Cell = String

        // Sendable as checked by hand: `lock` guards `count`, the only mutable state.
        private let lock = NSLock()
        private var count = 0

        var rows: Int { lock.withLock { count } }

        func reloadData(_ content: ListViewContent<RowCounter>) throws {
            lock.withLock { count = content.snapshot.numberOfItems }
        }

        func performBatchUpdates(_ update: ListViewUpdate<RowCounter>) throws {
            lock.withLock { count = update.newSnapshot.numberOfItems }
        }
    }

    /// A row of `MyView`.
    struct MyRow: Equatable {
        var item: Int
        init(_ item: Int) { self.item = item }
    }

    /// A view whose `reloadData(_:)` is `ListViewContent`'s example (ListViewContent.swift) and
    /// whose `performBatchUpdates(_:)` is `ListViewUpdate`'s (ListViewUpdate.swift), both
    /// verbatim; the rest is the test's, and its `apply(_:insertedCells:)` performs item
    /// deletes and inserts, all the test applies.
    final class MyView: ListView, @unchecked Sendable {
        typealias SectionIdentifierType = String
        typealias ItemIdentifierType = Int
        typealias Cell = MyRow

        // Sendable as checked by hand: `lock` guards `rows`, the only mutable state.
        private let lock = NSLock()
        private var rows: [[MyRow]] = []

        var shownRows: [[MyRow]] { lock.withLock { rows } }

        func reloadData(_ content: ListViewContent<MyView>) throws {
            var rows: [[MyRow]] = []
            for (section, identifier) in content.snapshot.sectionIdentifiers.enumerated() {
                let count = content.snapshot.numberOfItems(inSection: identifier)
                rows.append(try (0..<count).map { try content.cell(at: ItemPath(section: section, item: $0)) })
            }
            lock.withLock { self.rows = rows }  // change state only once every cell is made
        }

        func performBatchUpdates(_ update: ListViewUpdate<MyView>) throws {
            let fresh = try update.batchUpdate.itemInserts.map { try update.content.cell(at: $0) }
            lock.withLock { apply(update.batchUpdate, insertedCells: fresh) }
        }

        private func apply(_ update: BatchUpdate, insertedCells: [MyRow]) {
            for path in update.itemDeletes.reversed() { rows[path.section].remove(at: path.item) }
            for (path, cell) in zip(update.itemInserts, insertedCells) { rows[path.section].insert(cell, at: path.item) }
        }
    }

    /// A view that passes everything on to another, with `ListViewContent.init(_:)`'s example
    /// (ListViewContent.swift) verbatim as its `reloadData(_:)`.
    final class Wrapper<Base: ListView>: ListView {
        typealias SectionIdentifierType = Base.SectionIdentifierType
        typealias ItemIdentifierType = Base.ItemIdentifierType
        typealias Cell = Base.Cell
        typealias Supplementary = Base.Supplementary

        let base: Base
        init(_ base: Base) { self.base = base }

        func reloadData(_ content: ListViewContent<Wrapper>) throws {
            try base.reloadData(ListViewContent<Base>(content))
        }

        func performBatchUpdates(_ update: ListViewUpdate<Wrapper>) throws {
            try base.performBatchUpdates(ListViewUpdate<Base>(update))
        }
    }

    /// One section, "Live", of `items`.
    func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<String, Int> {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems(items)
        return snapshot
    }

    /// `ListView`'s example (ListView.swift; `RowCounter`, declared in the suite) driven by a
    /// data source.
    @Test func aViewThatCountsRowsFollowsADataSource() async throws {
        let view = RowCounter()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
        try await dataSource.apply(snapshot([1, 2, 3]))
        #expect(view.rows == 3)
        try await dataSource.apply(snapshot([1, 3]))
        #expect(view.rows == 2)
    }

    /// The `ListViewContent` and `ListViewUpdate` examples (ListViewContent.swift and
    /// ListViewUpdate.swift, in `MyView`) driven by a data source: a failing cell leaves the
    /// rows as they were.
    @Test func aViewMakesEveryCellBeforeItChangesWhatItShows() async throws {
        let view = MyView()
        let dataSource = DiffableDataSource(view: view) { _, _, item in item == 99 ? nil : MyRow(item) }
        try await dataSource.apply(snapshot([1, 2, 3]))
        try await dataSource.apply(snapshot([1, 3, 4]))
        #expect(view.shownRows == [[MyRow(1), MyRow(3), MyRow(4)]])
        await #expect(throws: DiffableDataSourceError.self) { try await dataSource.apply(snapshot([99, 1, 3, 4])) }
        #expect(view.shownRows == [[MyRow(1), MyRow(3), MyRow(4)]])
    }

    /// `ListViewContent.init(snapshot:cellProvider:supplementaryProvider:)`'s example
    /// (ListViewContent.swift), verbatim; the test supplies the view and the snapshot.
    @Test func contentDrivesAViewWithoutADataSource() throws {
        let view = MyView()
        let snapshot = snapshot([5, 6])

        let content = ListViewContent<MyView>(snapshot: snapshot) { _, item in MyRow(item) }
        try view.reloadData(content)

        #expect(view.shownRows == [[MyRow(5), MyRow(6)]])
    }

    /// `ListViewContent.init(_:)`'s example (ListViewContent.swift, in `Wrapper`) driven by a
    /// data source.
    @Test func aWrapperPassesTheContentOnToItsBase() async throws {
        let view = Wrapper(MyView())
        let dataSource = DiffableDataSource(view: view) { _, _, item in MyRow(item) }
        try await dataSource.apply(snapshot([7, 8]))
        try await dataSource.apply(snapshot([8]))
        #expect(view.base.shownRows == [[MyRow(8)]])
    }
}
