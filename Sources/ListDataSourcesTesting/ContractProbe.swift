import DiffableSnapshots
import DiffableSupport
import ListDataSources

/// The view a contract's data source drives: it passes every call on to the view under test
/// and records it, checked against the rules.
final class ContractProbe<View: ListView>: ListView {
    typealias SectionIdentifierType = View.SectionIdentifierType
    typealias ItemIdentifierType = View.ItemIdentifierType
    typealias Cell = View.Cell
    typealias Supplementary = View.Supplementary
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// One call the view under test received.
    enum Call {
        case reload(Snapshot, succeeded: Bool)
        /// A batch update, with the first rule it breaks (`nil` when valid) and whether the
        /// old snapshot was the one the view showed.
        case update(BatchUpdate, old: Snapshot, new: Snapshot, problem: String?, succeeded: Bool)

        var succeeded: Bool {
            switch self {
            case .reload(_, let succeeded), .update(_, _, _, _, let succeeded): succeeded
            }
        }

        /// The snapshot the call asked the view to show.
        var target: Snapshot {
            switch self {
            case .reload(let snapshot, _), .update(_, _, let snapshot, _, _): snapshot
            }
        }
    }

    let view: View
    private let record = Locked<(calls: [Call], shown: Snapshot?)>(([], nil))

    init(_ view: View) {
        self.view = view
    }

    var calls: [Call] { record.withLock { $0.calls } }

    func reloadData(_ content: ListViewContent<ContractProbe>) throws {
        do {
            try view.reloadData(ListViewContent<View>(content))
        } catch {
            record.withLock { $0.calls.append(.reload(content.snapshot, succeeded: false)) }
            throw error
        }
        record.withLock { record in
            record.calls.append(.reload(content.snapshot, succeeded: true))
            record.shown = content.snapshot
        }
    }

    func performBatchUpdates(_ update: ListViewUpdate<ContractProbe>) throws {
        let shown = record.withLock { $0.shown }
        var problem: String?
        if let shown, !sameLayout(shown, update.oldSnapshot) {
            problem = "the update starts from a snapshot the view does not show"
        } else {
            do {
                try update.batchUpdate.validate(from: update.oldSnapshot, to: update.newSnapshot)
            } catch {
                problem = clause("\(error)")
            }
        }
        let call = { (succeeded: Bool) in
            Call.update(update.batchUpdate, old: update.oldSnapshot, new: update.newSnapshot, problem: problem, succeeded: succeeded)
        }
        do {
            try view.performBatchUpdates(ListViewUpdate<View>(update))
        } catch {
            record.withLock { $0.calls.append(call(false)) }
            throw error
        }
        record.withLock { record in
            record.calls.append(call(true))
            record.shown = update.newSnapshot
        }
    }

    var indexPathsForVisibleItems: [ItemPath] { view.indexPathsForVisibleItems }
}

/// Whether two snapshots hold the same sections and items in the same order, marks aside.
func sameLayout<S, I>(_ lhs: DiffableDataSourceSnapshot<S, I>, _ rhs: DiffableDataSourceSnapshot<S, I>) -> Bool {
    lhs.sectionIdentifiers == rhs.sectionIdentifiers
        && lhs.sectionIdentifiers.allSatisfy { lhs.itemIdentifiers(inSection: $0) == rhs.itemIdentifiers(inSection: $0) }
}
