import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// What each kind of change delivers: marks, moves, inserts, deletes, sections, classic changes.
@MainActor @Suite struct DeliveryTests {
    /// A saved store of matches in groups A and B, and a controller sectioned by group.
    func fixture(_ format: String? = nil, sectioned: Bool = true) throws -> (PersistentContainer, FetchedResultsController<Match>, DeliveryRecorder<Match, ObjectID>, [Match]) {
        let (container, matches) = try savedMatches()
        let context = container.viewContext
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(format), managedObjectContext: context, sectionNameKeyPath: sectioned ? "group" : nil)
        let recorder = DeliveryRecorder<Match, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        return (container, controller, recorder, matches)
    }

    /// Checks that the last delivery starts from the one before it, and its batch update.
    func expectValidStep(_ recorder: DeliveryRecorder<Match, ObjectID>, sourceLocation: SourceLocation = #_sourceLocation) {
        let deliveries = recorder.deliveries
        guard let new = deliveries.last else { return }
        let old = deliveries.count > 1 ? deliveries[deliveries.count - 2].snapshot : DiffableDataSourceSnapshot<String, ObjectID>()
        #expect(new.previousSnapshot == old, sourceLocation: sourceLocation)
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try new.batchUpdate.validate(from: old, to: new.snapshot) }
    }

    @Test func theFirstDeliveryIsTheFetchFromAnEmptySnapshot() throws {
        let (_, controller, recorder, matches) = try fixture()
        #expect(recorder.calls == [.delivery(1)])
        let first = try #require(recorder.last)
        #expect(first.generation == 1)
        #expect(first.changes == nil)
        #expect(first.snapshot.layout == [[matches[0].objectID, matches[1].objectID], [matches[2].objectID, matches[3].objectID]])
        #expect(first.batchUpdate.sectionInserts == [0, 1])
        #expect(first.snapshot == controller.snapshot)
        expectValidStep(recorder)
    }

    @Test func anObjectThatChangesAndStaysIsMarkedNotMoved() throws {
        let (container, controller, recorder, matches) = try fixture()
        matches[1].title = "a2!"
        container.viewContext.processPendingChanges()
        let delivery = try #require(recorder.last)
        #expect(delivery.generation == 2)
        #expect(delivery.snapshot.reconfiguredItemIdentifiers == [matches[1].objectID])
        #expect(delivery.batchUpdate.itemReconfigures == [ItemPath(section: 0, item: 1)])
        #expect(delivery.batchUpdate.itemMoves.isEmpty)
        #expect(recorder.calls.suffix(4) == [.willChange, .object(matches[1].objectID, ItemPath(section: 0, item: 1), .update, nil), .didChange, .delivery(2)])
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }

    @Test func sortKeyChangesMoveAndSectionKeyChangesMoveAcrossSections() throws {
        let (container, controller, recorder, matches) = try fixture()
        matches[0].score = 5
        container.viewContext.processPendingChanges()
        #expect(recorder.last?.snapshot.layout == [[matches[1].objectID, matches[0].objectID], [matches[2].objectID, matches[3].objectID]])
        #expect(recorder.calls.contains(.object(matches[0].objectID, ItemPath(section: 0, item: 0), .move, ItemPath(section: 0, item: 1))))
        expectValidStep(recorder)
        matches[3].group = "A"
        container.viewContext.processPendingChanges()
        #expect(recorder.last?.snapshot.layout == [[matches[1].objectID, matches[3].objectID, matches[0].objectID], [matches[2].objectID]])
        #expect(recorder.calls.contains(.object(matches[3].objectID, ItemPath(section: 1, item: 1), .move, ItemPath(section: 0, item: 1))))
        #expect(controller.indexPath(forObject: matches[3]) == ItemPath(section: 0, item: 1))
        expectValidStep(recorder)
    }

    @Test func aSortKeyChangeThatKeepsTheObjectsPlaceIsAMarkNotAMove() throws {
        let (container, controller, recorder, matches) = try fixture()
        matches[2].score = 0
        container.viewContext.processPendingChanges()
        let delivery = try #require(recorder.last)
        #expect(delivery.snapshot.layout == [[matches[0].objectID, matches[1].objectID], [matches[2].objectID, matches[3].objectID]])
        #expect(delivery.batchUpdate == BatchUpdate(itemReconfigures: [ItemPath(section: 1, item: 0)]))
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }

    @Test func theBatchUpdateMovesOnlyTheObjectsThatChanged() throws {
        let (container, controller, recorder, matches) = try fixture()
        let context = container.viewContext
        // a1 passes a2, which did not change: a1 moves, even where moving a2 would do as well.
        matches[0].score = 3
        let a0 = try context.insertMatch("a0", group: "A", score: 0)
        context.processPendingChanges()
        let delivery = try #require(recorder.last)
        #expect(delivery.snapshot.layout == [[a0.objectID, matches[1].objectID, matches[0].objectID], [matches[2].objectID, matches[3].objectID]])
        #expect(delivery.batchUpdate == BatchUpdate(
            itemInserts: [ItemPath(section: 0, item: 0)],
            itemMoves: [.init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))],
            itemReconfigures: [ItemPath(section: 0, item: 2)]))
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }

    @Test func reloadMarkingDeletesAndInsertsAnObjectThatMoved() throws {
        let (container, controller, recorder, matches) = try fixture()
        controller.updateMarking = .reload
        matches[0].score = 5
        matches[3].title = "b2!"
        container.viewContext.processPendingChanges()
        let delivery = try #require(recorder.last)
        #expect(delivery.batchUpdate == BatchUpdate(
            itemDeletes: [ItemPath(section: 0, item: 0)],
            itemInserts: [ItemPath(section: 0, item: 1)],
            itemReloads: [ItemPath(section: 1, item: 1)]))
        expectValidStep(recorder)
    }

    @Test func classicChangesAlsoPassTheObjectsOfTheControllersContext() throws {
        let (container, controller, recorder, matches) = try fixture()
        let context = container.viewContext
        matches[1].title = "a2!"
        context.delete(matches[2])
        context.processPendingChanges()
        // The delete comes first (classic order); a pending delete's object is still the context's.
        #expect(recorder.changedObjects.map(\.type) == [.delete, .update])
        #expect(recorder.changedObjects.map { $0.object.map(ObjectIdentifier.init) } == [ObjectIdentifier(matches[2]), ObjectIdentifier(matches[1])])
        withExtendedLifetime(controller) {}
    }

    @Test func anObjectTheContextLetGoIsPassedAsNil() throws {
        let (container, controller, recorder, matches) = try fixture()
        controller.fetchRequest.includesPendingChanges = false
        try controller.performFetch()
        let context = container.viewContext
        let deleted = matches[3].objectID
        context.delete(matches[3])
        try context.save()
        // Saved, the delete reaches the controller after the context forgot the object.
        #expect(recorder.calls.contains(.object(deleted, ItemPath(section: 1, item: 1), .delete, nil)))
        #expect(recorder.changedObjects.map { "\($0.type) \($0.object.map { "\($0.objectID) \($0.isDeleted)" } ?? "nil")" } == ["delete nil"])
    }

    @Test func sectionsAppearInSortedPositionAndDisappearWhenEmpty() throws {
        let (container, controller, recorder, matches) = try fixture()
        let context = container.viewContext
        let middle = try context.insertMatch("ab", group: "AB", score: 0)
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.sectionIdentifiers == ["A", "AB", "B"])
        #expect(recorder.calls.contains(.section("AB", 1, .insert)))
        #expect(recorder.calls.contains(.object(middle.objectID, nil, .insert, ItemPath(section: 1, item: 0))))
        expectValidStep(recorder)
        matches[2].group = "C"
        context.delete(matches[3])
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.sectionIdentifiers == ["A", "AB", "C"])
        #expect(recorder.calls.contains(.section("B", 2, .delete)))
        #expect(recorder.calls.contains(.section("C", 2, .insert)))
        #expect(recorder.calls.contains(.object(matches[3].objectID, ItemPath(section: 2, item: 1), .delete, nil)))
        #expect(recorder.calls.contains(.object(matches[2].objectID, ItemPath(section: 2, item: 0), .move, ItemPath(section: 2, item: 0))))
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }

    @Test func objectsEnterAndLeaveWithThePredicate() throws {
        let (container, controller, recorder, matches) = try fixture("score > 0")
        let context = container.viewContext
        matches[0].score = 0
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.itemIdentifiers.contains(matches[0].objectID) == false)
        #expect(recorder.calls.contains(.object(matches[0].objectID, ItemPath(section: 0, item: 0), .delete, nil)))
        expectValidStep(recorder)
        matches[0].score = 3
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.itemIdentifiers(inSection: "A") == [matches[1].objectID, matches[0].objectID])
        #expect(recorder.calls.contains(.object(matches[0].objectID, nil, .insert, ItemPath(section: 0, item: 1))))
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }

    @Test func aChangeThatDoesNotTouchTheResultsDeliversNothing() throws {
        let (container, controller, recorder, _) = try fixture("score > 0")
        let context = container.viewContext
        try context.insertMatch("zero", group: "A", score: 0)
        _ = try context.insertSport("Chess")
        context.processPendingChanges()
        try context.save()
        #expect(recorder.deliveries.count == 1)
        withExtendedLifetime(controller) {}
    }

    @Test func markedKeysLimitMarksToTheKeysAListShows() throws {
        let (container, controller, recorder, matches) = try fixture()
        controller.markedKeys = ["title"]
        matches[0].note = "hidden"
        container.viewContext.processPendingChanges()
        #expect(recorder.deliveries.count == 1)
        matches[0].title = "shown"
        container.viewContext.processPendingChanges()
        #expect(recorder.last?.snapshot.reconfiguredItemIdentifiers == [matches[0].objectID])
    }

    @Test func reloadMarkingMarksForReload() throws {
        let (container, controller, recorder, matches) = try fixture()
        controller.updateMarking = .reload
        matches[0].title = "x"
        container.viewContext.processPendingChanges()
        #expect(recorder.last?.snapshot.reloadedItemIdentifiers == [matches[0].objectID])
        #expect(recorder.last?.snapshot.reconfiguredItemIdentifiers == [])
        #expect(recorder.last?.batchUpdate.itemReloads == [ItemPath(section: 0, item: 0)])
    }

    @Test func pendingChangesShowWithPermanentIDsAndTheSaveDeliversNothingMore() throws {
        let (container, controller, recorder, _) = try fixture()
        let context = container.viewContext
        let added = try context.insertMatch("a3", group: "A", score: 3)
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.itemIdentifiers(inSection: "A").last == added.objectID)
        let count = recorder.deliveries.count
        try context.save()
        #expect(recorder.deliveries.count == count)
        #expect(recorder.last?.snapshot.itemIdentifiers(inSection: "A").last == added.objectID)
        withExtendedLifetime(controller) {}
    }

    @Test func withoutPendingChangesOnlySavedObjectsShow() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        try context.insertMatch("a1")
        try context.save()
        var request = try matchRequest()
        request.includesPendingChanges = false
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<Match, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        let added = try context.insertMatch("a2", score: 2)
        context.processPendingChanges()
        #expect(recorder.deliveries.count == 1)
        try context.save()
        #expect(recorder.deliveries.count == 2)
        #expect(recorder.last?.snapshot.itemIdentifiers.last == added.objectID)
        expectValidStep(recorder)
    }

    @Test func limitAndOffsetHoldDuringUpdates() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let matches = try (0..<6).map { try context.insertMatch("m\($0)", score: $0 * 10) }
        try context.save()
        var request = try matchRequest()
        request.fetchOffset = 1
        request.fetchLimit = 3
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<Match, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        #expect(controller.fetchedObjectIDs == matches[1...3].map(\.objectID))
        let early = try context.insertMatch("early", score: 15)
        context.processPendingChanges()
        #expect(controller.fetchedObjectIDs == [matches[1].objectID, early.objectID, matches[2].objectID])
        expectValidStep(recorder)
        context.delete(early)
        context.delete(matches[2])
        context.processPendingChanges()
        #expect(controller.fetchedObjectIDs == [matches[1].objectID, matches[3].objectID, matches[4].objectID])
        expectValidStep(recorder)
    }

    @Test func aRelatedObjectsKeyChangeMovesTheObjectsThatReadIt() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insertSport("Football")
        let rugby = try context.insertSport("Rugby")
        let f1 = try context.insertMatch("f1", score: 1, sport: football)
        let r1 = try context.insertMatch("r1", score: 1, sport: rugby)
        try context.save()
        var request = FetchRequest<Match>()
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.score)]
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "sport.name")
        let recorder = DeliveryRecorder<Match, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        football.name = "Soccer"
        context.processPendingChanges()
        #expect(recorder.last?.snapshot.sectionIdentifiers == ["Rugby", "Soccer"])
        #expect(recorder.last?.snapshot.layout == [[r1.objectID], [f1.objectID]])
        #expect(recorder.calls.contains(.section("Football", 0, .delete)))
        #expect(recorder.calls.contains(.section("Soccer", 1, .insert)))
        expectValidStep(recorder)
        f1.sport = rugby
        context.processPendingChanges()
        // Equal scores tie, and ties go by object key: f1 was inserted first.
        #expect(recorder.last?.snapshot.layout == [[f1.objectID, r1.objectID]])
        expectValidStep(recorder)
    }

    @Test func changingTheRequestAndFetchingAgainDeliversTheDiff() throws {
        let (_, controller, recorder, matches) = try fixture(sectioned: false)
        controller.fetchRequest.predicate = try FetchPredicate(format: "title BEGINSWITH %@", "a")
        try controller.performFetch()
        let delivery = try #require(recorder.last)
        #expect(delivery.generation == 2)
        #expect(delivery.snapshot.layout == [[matches[0].objectID, matches[1].objectID]])
        #expect(delivery.batchUpdate.itemDeletes == [ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 3)])
        #expect(delivery.batchUpdate.sectionReloads.isEmpty && delivery.batchUpdate.sectionDeletes.isEmpty)
        #expect(delivery.changes?.objectChanges.map(\.type) == [.delete, .delete])
        expectValidStep(recorder)
        controller.fetchRequest.sortDescriptors = [FetchSortDescriptor(\.score, ascending: false)]
        try controller.performFetch()
        #expect(recorder.last?.snapshot.layout == [[matches[1].objectID, matches[0].objectID]])
        #expect(recorder.last?.batchUpdate.itemMoves.count == 1)
        expectValidStep(recorder)
    }

    @Test func deliveriesArriveAsAnAsyncSequence() async throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context)
        let deliveries = controller.deliveries()
        try controller.performFetch()
        let match = try context.insertMatch("a")
        context.processPendingChanges()
        var iterator = deliveries.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first?.generation == 1 && first?.snapshot.numberOfItems == 0)
        #expect(second?.generation == 2 && second?.snapshot.itemIdentifiers == [match.objectID])
        #expect(second?.changes == nil)
    }

    @Test func aBackgroundContextControllerDeliversSendableValues() async throws {
        let container = try TestModel.inMemory()
        let background = container.newBackgroundContext()
        background.automaticallyMergesChangesFromParent = true
        let box = try background.performAndWait {
            ControllerBox(FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: background))
        }
        let deliveries = box.controller.deliveries()
        try background.performAndWait { try box.controller.performFetch() }
        let writer = container.newBackgroundContext()
        let id = try writer.performAndWait {
            let match = try writer.insertMatch("w", score: 1)
            try writer.save()
            return match.objectID
        }
        var iterator = deliveries.makeAsyncIterator()
        #expect(await iterator.next()?.snapshot.numberOfItems == 0)
        let merged = await iterator.next()
        #expect(merged?.snapshot.itemIdentifiers == [id])
        #expect(merged?.batchUpdate.sectionInserts == [0])
    }

    @Test func aDeliveryFeedsTheNextOneThroughItsBatchUpdate() throws {
        let (container, controller, recorder, matches) = try fixture()
        let context = container.viewContext
        matches[0].group = "B"
        matches[1].title = "x"
        context.delete(matches[2])
        try context.insertMatch("c1", group: "C", score: 1)
        context.processPendingChanges()
        #expect(recorder.deliveries.map(\.generation) == [1, 2])
        expectValidStep(recorder)
        withExtendedLifetime(controller) {}
    }
}

/// Carries a background context's controller across actors in a test.
final class ControllerBox: @unchecked Sendable {
    let controller: FetchedResultsController<Match>
    init(_ controller: FetchedResultsController<Match>) { self.controller = controller }
}
