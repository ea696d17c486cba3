public import DiffableSnapshots
import DiffableSupport

/// A list view that writes one line for every update it passes on to another view: what each
/// apply actually did to the list.
///
/// Wrap the view a data source drives, and every apply is logged as the batch update the view
/// performs, in the notation of `BatchUpdate`'s `description`:
///
/// ```swift
/// let log = UpdateLog(TerminalListView<String, Int>(size: size)) { line in logPane.append(line) }
/// let dataSource = DiffableDataSource(view: log) { _, _, item in TerminalCell("match \(item)") }
/// try await dataSource.apply(first)   // reload (3 sections, 40 items)
/// try await dataSource.apply(second)  // D(0,3) I(1,2) M(0,1→2,0) C(1,5)
/// ```
///
/// A reload reads `reload (s sections, n items)`; an update applied without animation ends with
/// `(not animated)`; an update or reload the wrapped view refused ends with `failed: ` and the
/// error. The wrapped view shows and reports visible exactly what it would without the log.
public final class UpdateLog<Base: ListView>: ListView {
    /// The section identifiers of the wrapped view.
    public typealias SectionIdentifierType = Base.SectionIdentifierType
    /// The item identifiers of the wrapped view.
    public typealias ItemIdentifierType = Base.ItemIdentifierType
    /// The cells of the wrapped view.
    public typealias Cell = Base.Cell
    /// The supplementary views of the wrapped view.
    public typealias Supplementary = Base.Supplementary

    /// The view updates are passed on to.
    public let base: Base
    private let prefix: String
    private let write: @Sendable (String) -> Void

    /// Creates a log that passes updates on to `base` and hands each line to `write`.
    ///
    /// - Parameters:
    ///   - base: The view to pass updates on to.
    ///   - prefix: Text put before every line, to tell several logs apart.
    ///   - write: Receives each line, without a line break; prints it by default. It is called
    ///     on the thread that performs the apply.
    public init(_ base: Base, prefix: String = "", write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.base = base
        self.prefix = prefix
        self.write = write
    }

    /// Passes the reload on and logs it.
    public func reloadData(_ content: ListViewContent<UpdateLog>) throws {
        let snapshot = content.snapshot
        let line = "reload (\(counted(snapshot.numberOfSections, "section")), \(counted(snapshot.numberOfItems, "item")))"
        try logging(line) { try base.reloadData(ListViewContent<Base>(content)) }
    }

    /// Passes the update on and logs it.
    public func performBatchUpdates(_ update: ListViewUpdate<UpdateLog>) throws {
        let line = update.batchUpdate.description + (update.animatingDifferences ? "" : " (not animated)")
        try logging(line) { try base.performBatchUpdates(ListViewUpdate<Base>(update)) }
    }

    /// The wrapped view's visible items.
    public var indexPathsForVisibleItems: [ItemPath] { base.indexPathsForVisibleItems }

    private func logging(_ line: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            write("\(prefix)\(line) failed: \(error)")
            throw error
        }
        write(prefix + line)
    }
}

