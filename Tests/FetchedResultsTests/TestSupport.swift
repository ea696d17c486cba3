import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Records what a controller tells its delegate, in order.
final class DeliveryRecorder<ResultType: ManagedObject, ItemIdentifierType: Hashable & Sendable>: FetchedResultsControllerDelegate {
    enum Call: Equatable {
        case willChange
        case object(ObjectID, ItemPath?, FetchedResultsChangeType, ItemPath?)
        case section(String, Int, FetchedResultsChangeType)
        case didChange
        case delivery(Int)
        case failure(String)
    }

    var calls: [Call] = []
    /// The objects of the classic object changes, with their types.
    var changedObjects: [(object: ResultType?, type: FetchedResultsChangeType)] = []
    var deliveries: [FetchedResultsDelivery<ItemIdentifierType>] = []
    var errors: [FetchedResultsError] = []

    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeContentWith delivery: FetchedResultsDelivery<ItemIdentifierType>) {
        calls.append(.delivery(delivery.generation))
        deliveries.append(delivery)
    }

    func controllerWillChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>) {
        calls.append(.willChange)
    }

    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChange objectID: ObjectID, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {
        calls.append(.object(objectID, indexPath, type, newIndexPath))
    }

    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeObject object: ResultType?, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {
        changedObjects.append((object, type))
    }

    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeSection sectionName: String, atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        calls.append(.section(sectionName, sectionIndex, type))
    }

    func controllerDidChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>) {
        calls.append(.didChange)
    }

    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didFailWith error: FetchedResultsError) {
        calls.append(.failure("\(error)"))
        errors.append(error)
    }

    var last: FetchedResultsDelivery<ItemIdentifierType>? { deliveries.last }
}

extension ManagedObjectContext {
    /// Inserts a sport (not saved).
    func insertSport(_ name: String) throws -> Sport {
        let sport = try insert(Sport.self)
        sport.name = name
        return sport
    }

    /// Inserts a match (not saved).
    @discardableResult
    func insertMatch(_ title: String, group: String = "A", score: Int = 0, sport: Sport? = nil, serverID: Int = 0) throws -> Match {
        let match = try insert(Match.self)
        match.title = title
        match.group = group
        match.score = score
        match.sport = sport
        match.serverID = serverID
        match.uuid = UUID()
        return match
    }
}

extension DiffableDataSourceSnapshot where SectionIdentifierType == String {
    /// Sections and their items, for comparisons.
    var layout: [[ItemIdentifierType]] {
        sectionIdentifiers.map { itemIdentifiers(inSection: $0) }
    }
}

/// A request for matches ordered by group then score.
func matchRequest(_ format: String? = nil, _ arguments: (any PredicateArgument)?...) throws -> FetchRequest<Match> {
    var request = FetchRequest<Match>()
    if let format { request.predicate = try FetchPredicate(format: format, argumentArray: arguments) }
    request.sortDescriptors = [FetchSortDescriptor(\.group), FetchSortDescriptor(\.score)]
    return request
}

/// A store with four saved matches: a1 and a2 in group A, b1 and b2 in group B (scores 1, 2).
@MainActor
func savedMatches() throws -> (PersistentContainer, [Match]) {
    let container = try TestModel.inMemory()
    let context = container.viewContext
    let matches = [
        try context.insertMatch("a1", group: "A", score: 1),
        try context.insertMatch("a2", group: "A", score: 2),
        try context.insertMatch("b1", group: "B", score: 1),
        try context.insertMatch("b2", group: "B", score: 2),
    ]
    try context.save()
    return (container, matches)
}

/// Waits until a controller of matches in sections by group shows what a fresh fetch of its
/// context returns (``matchRequest(_:_:)``), for at most ``mainActorPatience``; records an issue,
/// prefixed by `label`, when it does not.
func settle(_ controller: FetchedResultsController<Match>, on context: ManagedObjectContext, _ label: String = "") async throws {
    let deadline = ContinuousClock.now + mainActorPatience
    while ContinuousClock.now < deadline {
        let settled = try await context.perform { () throws -> Bool in
            let fresh = try context.fetch(try matchRequest())
            let layout = Dictionary(grouping: fresh, by: \.group).sorted { $0.key < $1.key }.map { $0.value.map(\.objectID) }
            return controller.snapshot.layout == layout
        }
        if settled { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("\(label.isEmpty ? "" : label + ": ")the controller did not reach the results of a fresh fetch within \(mainActorPatience)")
}
