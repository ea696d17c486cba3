import DiffableSnapshots
import ListDataSources
import ObjectStore

/// One change of a list's source: the snapshot, and the batch update to it from the source's
/// previous snapshot.
struct ListChange<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
    var snapshot: DiffableDataSourceSnapshot<Section, Item>
    var batchUpdate: BatchUpdate
}

/// A scripted session on one context: each step changes objects and saves, then the change it
/// causes is applied to a data source whose view logs every apply, so the output shows what the
/// step did to the list.
struct ScriptedList<Section: Hashable & Sendable, Item: Hashable & Sendable, Changes: AsyncIteratorProtocol>
where Changes.Element == ListChange<Section, Item> {
    let context: ManagedObjectContext
    let view: HeadlessListView<Section, Item, String>
    let dataSource: DiffableDataSource<Section, Item>
    var changes: Changes
    /// The source's last snapshot: the one the next change starts from.
    var previous = DiffableDataSourceSnapshot<Section, Item>()

    /// A session that applies `changes` to a list whose rows are `cell`'s text.
    init(context: ManagedObjectContext, changes: Changes, cell: @escaping @Sendable (Item) -> String) {
        self.context = context
        self.changes = changes
        view = HeadlessListView(validatesUpdates: true, recordsHistory: false)
        dataSource = DiffableDataSource(view: UpdateLog(view, prefix: "    ")) { _, _, item in cell(item) }
    }

    /// Applies the next `count` changes, printing what each did.
    mutating func applyChanges(_ count: Int = 1) async throws {
        for _ in 0..<count {
            guard let change = try await changes.next() else { return }
            try await dataSource.apply(change.snapshot, using: change.batchUpdate, from: previous)
            previous = change.snapshot
        }
    }

    /// Prints `title`, runs `edit` on the context and saves, then applies the `changes` it
    /// causes (one per list source it touches).
    ///
    /// A fetch after an edit in the same step delivers the edit as a change of its own (the
    /// list shows unsaved changes): each step looks up what it changes before changing anything.
    mutating func step(_ title: String, changes count: Int = 1, _ edit: @escaping (ManagedObjectContext) throws -> Void) async throws {
        print(title)
        let context = context
        try context.performAndWait { () throws in
            try edit(context)
            try context.save()
        }
        try await applyChanges(count)
    }

    /// Prints the rows the list shows, section by section.
    func printList() {
        let snapshot = view.snapshot
        print("the list:")
        for section in snapshot.sectionIdentifiers {
            print("  [\(section)]")
            for item in snapshot.itemIdentifiers(inSection: section) {
                print("    \(view.cell(for: item) ?? "?")")
            }
        }
        print("invalid updates: \(view.invalidUpdateCount)")
    }
}
