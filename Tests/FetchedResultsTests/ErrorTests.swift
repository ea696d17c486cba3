import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Each typed error: requests that cannot order or group, and identifiers the data repeats.
@MainActor @Suite struct ErrorTests {
    func fetch(_ request: FetchRequest<Match>, sectionNameKeyPath: String? = nil) throws -> FetchedResultsError? {
        let container = try TestModel.inMemory()
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: sectionNameKeyPath)
        do {
            try controller.performFetch()
            return nil
        } catch {
            return error
        }
    }

    @Test func aRequestWithoutSortDescriptorsIsAnError() throws {
        let error = try fetch(FetchRequest<Match>())
        guard case .missingSortDescriptors(let entity) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(entity == "Match")
        #expect(
            "\(error!)"
                == "The fetch request for Match has no sort descriptors, but a fetched results controller needs an order; "
                + "add at least one sort descriptor."
        )
    }

    @Test func aSectionKeyThatIsNotTheFirstSortIsAnError() throws {
        var request = FetchRequest<Match>()
        request.sortDescriptors = [FetchSortDescriptor(\.score), FetchSortDescriptor(\.group)]
        let error = try fetch(request, sectionNameKeyPath: "group")
        guard case .sectionKeyNotFirstSort(let entity, let key, let first) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(entity == "Match" && key == "group" && first == "score")

        request.sortDescriptors = [FetchSortDescriptor(\.group, comparator: .caseInsensitive)]
        guard case .sectionKeyNotFirstSort = try fetch(request, sectionNameKeyPath: "group") else { Issue.record("a folding first sort must not group sections"); return }
    }

    @Test func unknownKeysAreErrorsNamingEntityAndKey() throws {
        let error = try fetch(try matchRequest(), sectionNameKeyPath: "colour")
        guard case .invalidKey(let entity, let key, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(entity == "Match" && key == "colour")
        #expect(
            "\(error!)"
                == "In the fetch request for Match, the key 'colour' is not a property of the entity; use the name of an "
                + "attribute or relationship."
        )

        var request = try matchRequest()
        request.sortDescriptors = [FetchSortDescriptor("rating")]
        guard case .invalidKey("Match", "rating", _) = try fetch(request) else { Issue.record("an unknown sort key must be reported"); return }

        request = try matchRequest("rating > 3")
        guard case .invalidKey("Match", "rating", _) = try fetch(request) else { Issue.record("an unknown predicate key must be reported"); return }
    }

    @Test func duplicateIdentifiersInTheDataAreAnErrorNamingBothObjects() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let first = try context.insertMatch("a", score: 1, serverID: 7)
        let second = try context.insertMatch("b", score: 2, serverID: 7)
        try context.save()
        let controller = IdentifiedFetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: context, itemIdentifier: \Match.serverID)
        #expect {
            try controller.performFetch()
        } throws: { error in
            guard case FetchedResultsError.duplicateItemIdentifier("Match", "serverID", "7", let one, let two) = error else { return false }
            return Set([one, two]) == [first.objectID, second.objectID]
        }
    }

    @Test func aDuplicateIdentifierArrivingLaterIsReportedNotTrapped() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let first = try context.insertMatch("a", score: 1, serverID: 1)
        let second = try context.insertMatch("b", score: 2, serverID: 2)
        try context.save()
        let controller = IdentifiedFetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: context, itemIdentifier: \Match.serverID)
        let recorder = DeliveryRecorder<Match, Int>()
        controller.delegate = recorder
        try controller.performFetch()
        second.serverID = 1
        context.processPendingChanges()
        guard case .duplicateItemIdentifier(_, _, "1", let one, let two)? = controller.lastError else { Issue.record("got \(String(describing: controller.lastError))"); return }
        #expect(Set([one, two]) == [first.objectID, second.objectID])
        #expect(recorder.errors.count == 1)
        #expect(controller.snapshot.itemIdentifiers == [1, 2])
        second.serverID = 3
        #expect(throws: Never.self) { try controller.performFetch() }
        #expect(controller.snapshot.itemIdentifiers == [1, 3])
        #expect(controller.lastError == nil)
    }

    @Test func anIdentifierKeyPathThatIsNoAttributeIsAnError() throws {
        let container = try TestModel.inMemory()
        try container.viewContext.insertMatch("a")
        try container.viewContext.save()
        let controller = IdentifiedFetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, itemIdentifier: \Match.title.count)
        #expect {
            try controller.performFetch()
        } throws: { error in
            guard case FetchedResultsError.invalidKey("Match", _, _) = error else { return false }
            return true
        }
    }
}
