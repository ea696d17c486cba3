import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// One identifier-agnostic view of a controller under test.
@MainActor protocol CheckedController {
    var label: String { get }
    /// Checks the deliveries since the last call, then the results against a fresh fetch.
    func check(_ run: ModelRun) throws
    /// Changes the predicate and fetches again.
    func refetch(predicate: FetchPredicate<Match>?, _ run: ModelRun) throws
}

/// A controller, what it delivered so far, and the values of its objects at its last delivery.
@MainActor final class Checked<ItemIdentifierType: Hashable & Sendable>: CheckedController {
    let label: String
    let controller: IdentifiedFetchedResultsController<Match, ItemIdentifierType>
    let recorder = DeliveryRecorder<Match, ItemIdentifierType>()
    let identifier: (MatchValues) -> ItemIdentifierType
    var checked = 0
    var previous = DiffableDataSourceSnapshot<String, ItemIdentifierType>()
    var previousValues: [ObjectID: MatchValues] = [:]

    init(label: String, controller: IdentifiedFetchedResultsController<Match, ItemIdentifierType>, identifier: @escaping (MatchValues) -> ItemIdentifierType) throws {
        self.label = label
        self.controller = controller
        self.identifier = identifier
        controller.delegate = recorder
        controller.reportsClassicChanges = true
        try controller.performFetch()
    }

    func refetch(predicate: FetchPredicate<Match>?, _ run: ModelRun) throws {
        controller.fetchRequest.predicate = predicate
        try controller.performFetch()
        try check(run, refetched: true)
    }

    func check(_ run: ModelRun) throws {
        try check(run, refetched: false)
    }

    private func check(_ run: ModelRun, refetched: Bool) throws {
        let note = Comment(rawValue: "seed \(TestEnvironment.describe(seed: run.seed)) step \(run.step) \(label) \(run.lastOperation)")
        #expect(controller.lastError == nil, note)
        let request = controller.fetchRequest
        if checked > 0 && !request.includesPendingChanges && !run.storeChanged && !refetched {
            // Committed values did not change: nothing may be delivered.
            #expect(recorder.deliveries.count == checked, note)
            return
        }
        let fresh = try run.context.fetchObjectIDs(request)
        let known = request.includesPendingChanges ? run.currentValues : run.storeValues
        var names: [String] = []
        var items: [[ItemIdentifierType]] = []
        var objectByItem: [ItemIdentifierType: ObjectID] = [:]
        var currentValues: [ObjectID: MatchValues] = [:]
        for id in fresh {
            guard let values = known[id] else {
                Issue.record("no values for \(id): \(note)")
                return
            }
            let name = sectionName(of: values)
            if names.last != name {
                names.append(name)
                items.append([])
            }
            let item = identifier(values)
            items[items.count - 1].append(item)
            objectByItem[item] = id
            currentValues[id] = values
        }
        let deliveries = recorder.deliveries.dropFirst(checked)
        checked = recorder.deliveries.count
        var shown = previous
        for delivery in deliveries {
            #expect(throws: Never.self, note) { try delivery.batchUpdate.validate(from: shown, to: delivery.snapshot) }
            if let changes = delivery.changes {
                #expect(replay(changes, on: shown.layout, names: shown.sectionIdentifiers) == Layout(delivery.snapshot), note)
            } else {
                #expect(delivery.generation == 1, note)
            }
            shown = delivery.snapshot
        }
        #expect(shown.sectionIdentifiers == names && shown.layout == items, note)
        #expect(controller.snapshot == shown, note)
        let marked = Set(shown.reconfiguredItemIdentifiers)
        if deliveries.count == 1 && !refetched {
            var changed: Set<ItemIdentifierType> = []
            for (item, id) in objectByItem where previousValues[id] != nil && previousValues[id] != currentValues[id] {
                changed.insert(item)
            }
            #expect(marked == changed, note)
        } else if deliveries.isEmpty {
            #expect(currentValues == previousValues, "no delivery, yet values changed: \(note)")
        }
        previous = shown
        previousValues = currentValues
    }

    private func sectionName(of values: MatchValues) -> String {
        switch controller.sectionNameKeyPath {
        case "group": return values.group
        case "sport.name": return values.sportName ?? ""
        default: return ""
        }
    }

    /// Sections and items, named.
    struct Layout: Equatable {
        var names: [String]
        var items: [[ItemIdentifierType]]

        init(names: [String], items: [[ItemIdentifierType]]) {
            self.names = names
            self.items = items
        }

        init(_ snapshot: DiffableDataSourceSnapshot<String, ItemIdentifierType>) {
            self.init(names: snapshot.sectionIdentifiers, items: snapshot.layout)
        }
    }

    /// Core Data's classic changes applied to the previous results, as a table view applies them.
    private func replay(_ changes: FetchedResultsChanges<ItemIdentifierType>, on layout: [[ItemIdentifierType]], names: [String]) -> Layout? {
        var removed = Set<ItemPath>()
        for change in changes.objectChanges where change.type == .delete || change.type == .move {
            guard let path = change.indexPath else { return nil }
            removed.insert(path)
        }
        var sections: [(String, [ItemIdentifierType])] = []
        let deletedSections = Set(changes.sectionChanges.filter { $0.type == .delete }.map(\.index))
        for (index, items) in layout.enumerated() {
            let kept = items.enumerated().filter { !removed.contains(ItemPath(section: index, item: $0.offset)) }.map(\.element)
            if deletedSections.contains(index) {
                guard kept.isEmpty else { return nil }
                continue
            }
            sections.append((names[index], kept))
        }
        for change in changes.sectionChanges.filter({ $0.type == .insert }).sorted(by: { $0.index < $1.index }) {
            guard change.index <= sections.count else { return nil }
            sections.insert((change.name, []), at: change.index)
        }
        let placed = changes.objectChanges.filter { $0.type == .insert || $0.type == .move }.sorted { $0.newIndexPath! < $1.newIndexPath! }
        for change in placed {
            guard let path = change.newIndexPath, path.section < sections.count, path.item <= sections[path.section].1.count else { return nil }
            sections[path.section].1.insert(change.itemIdentifier, at: path.item)
        }
        return Layout(names: sections.map(\.0), items: sections.map(\.1))
    }
}
