public import DiffableSnapshots
import DiffableSupport
public import ListDataSources

/// A list view whose screen is every web page connected to it: a `DiffableDataSource` drives
/// it exactly as it drives a terminal, and each page shows the same list, animated, one batch
/// update at a time.
///
/// Serve the view with a ``WebListServer``. Each page first receives the full list (sections,
/// items and cells) with its generation; then one update per apply, the batch update with the
/// cells that are inserted, reloaded or reconfigured, and the next generation (the updates a
/// page has pending when its connection writes go out together, in one message). A page that
/// comes back after being away receives the updates it missed, when they are among the last
/// `keptUpdates`, else the full list; a page that falls more than `pageQueueLimit` updates
/// behind is sent the full list instead of them.
///
/// ```swift
/// let view = WebListView<String, Int>()
/// let dataSource = DiffableDataSource(view: view) { _, _, id in
///     WebCell(matches[id]!.title, matches[id]!.score)
/// }
/// var server = WebListServer()
/// server.serve(view, at: "/scores", title: "Scores")
/// try await dataSource.apply(snapshot)  // every page shows it
/// ```
///
/// Section headers come from the data source's supplementary view provider (kind
/// ``headerKind``); without one a section shows its identifier. The cells are made once per
/// apply, whatever the number of pages, and the pages never call your code.
///
/// ## Topics
///
/// ### Creating a view
/// - ``init(keptUpdates:pageQueueLimit:)``
/// - ``WebCell``
/// - ``headerKind``
///
/// ### Reading what the pages show
/// - ``snapshot``
/// - ``generation``
/// - ``connectedPages``
public final class WebListView<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: ListView {
    /// A row's fields, style and marks.
    public typealias Cell = WebCell
    /// A section header's fields, style and marks.
    public typealias Supplementary = WebCell
    typealias Mirror = WebListMirror<SectionIdentifierType, ItemIdentifierType>
    typealias Fresh = FreshCells<SectionIdentifierType, ItemIdentifierType>

    /// The kind of supplementary view the view asks for as a section's header.
    public static var headerKind: String { "header" }

    private let mirror: Locked<(mirror: Mirror, fullList: PageUpdate?)>
    let hub: PageHub

    /// Creates a view that no page shows yet.
    ///
    /// - Parameters:
    ///   - keptUpdates: How many recent updates are kept for pages that come back.
    ///   - pageQueueLimit: How many updates a page may fall behind before it is sent the full
    ///     list in their place.
    public init(keptUpdates: Int = 512, pageQueueLimit: Int = 256) {
        let mirror = Locked<(mirror: Mirror, fullList: PageUpdate?)>((Mirror(), nil))
        self.mirror = mirror
        let epoch = Locked<String>("")
        hub = PageHub(keptUpdates: keptUpdates, pageQueueLimit: pageQueueLimit) {
            let run = epoch.value
            return mirror.withLock { state in
                if let cached = state.fullList, cached.generation == state.mirror.generation { return cached }
                let full = PageUpdate(generation: state.mirror.generation, text: state.mirror.fullListMessage(epoch: run))
                state.fullList = full
                return full
            }
        }
        epoch.withLock { $0 = hub.epoch }
    }

    // MARK: ListView

    /// Shows `content` on every page, as a full list.
    public func reloadData(_ content: ListViewContent<WebListView>) throws {
        let snapshot = content.snapshot
        var fresh = Fresh()
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            fresh.headers[section] = try header(of: section, at: index, in: content)
            for (position, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
                fresh.cells[item] = try content.cell(at: ItemPath(section: index, item: position))
            }
        }
        let generation = mirror.withLock { state in
            state.mirror.reload(snapshot, fresh: fresh)
            return state.mirror.generation
        }
        hub.publishReload(generation: generation)
    }

    /// Sends `update` to every page, with the cells it needs.
    public func performBatchUpdates(_ update: ListViewUpdate<WebListView>) throws {
        let fresh = try freshCells(for: update)
        let message = mirror.withLock { state in
            state.mirror.forget(removedItems(by: update))
            state.mirror.advance(to: update.newSnapshot, fresh: fresh, leaving: update.oldSnapshot)
            return PageUpdate(
                generation: state.mirror.generation,
                text: state.mirror.updateMessage(for: update.batchUpdate, from: update.oldSnapshot))
        }
        hub.publish(message)
    }

    // MARK: Reading

    /// The snapshot the pages show (or are about to show).
    public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        mirror.withLock { $0.mirror.snapshot }
    }

    /// The number of the last apply, which the pages count too: 0 before the first.
    public var generation: UInt64 {
        mirror.withLock { $0.mirror.generation }
    }

    /// The number of pages connected now.
    public var connectedPages: Int { hub.pageCount }
}
