import DiffableSnapshots
import FetchedResults
import ObjectStore
import Testing
import TestSupport

/// Observed results change once per delivery of their source, on the main actor, and a scope
/// that read them is told of nothing else.
@MainActor @Suite struct ObservedResultsTests {
    @Test func observedResultsOfAControllerChangeOncePerDelivery() throws {
        let (container, matches) = try savedMatches()
        let context = container.viewContext
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest("group == %@", "A"), managedObjectContext: context, sectionNameKeyPath: "group")
        try controller.performFetch()
        let results = ObservedResults(controller)
        #expect(results.generation == 1)
        #expect(results.objects.map(\.title) == ["a1", "a2"])
        let list = TrackingCounter()
        list.track { _ = results.snapshot }

        try context.insertMatch("a3", group: "A", score: 3)
        context.processPendingChanges()
        #expect(list.count == 1)
        #expect(results.generation == 2)
        #expect(results.snapshot.layout == controller.snapshot.layout)
        #expect(results.sections.map(\.name) == ["A"])
        #expect(results.objects.map(\.title) == ["a1", "a2", "a3"])
        #expect(results.object(at: ItemPath(section: 0, item: 2)).title == "a3")

        list.track { _ = results.objects }
        try context.insertMatch("b3", group: "B", score: 3)
        matches[2].note = "not in the results"
        context.processPendingChanges()
        #expect(list.count == 1)
        #expect(results.generation == 2)

        matches[0].score = 9
        context.processPendingChanges()
        #expect(list.count == 2)
        #expect(results.objects.map(\.title) == ["a2", "a3", "a1"])
    }

    @Test func aRowOfObservedResultsIsToldOfItsObjectAloneAndTheListOfTheResultsAlone() throws {
        let (container, matches) = try savedMatches()
        let context = container.viewContext
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context)
        controller.updateMarking = .none
        try controller.performFetch()
        let results = ObservedResults(controller)
        let list = TrackingCounter()
        let firstRow = TrackingCounter()
        let secondRow = TrackingCounter()
        list.track { _ = results.snapshot }
        firstRow.track { _ = results.object(at: ItemPath(section: 0, item: 0)).title }
        secondRow.track { _ = results.object(at: ItemPath(section: 0, item: 1)).title }

        matches[0].title = "renamed"
        context.processPendingChanges()
        #expect(firstRow.count == 1)
        #expect(secondRow.count == 0)
        #expect(list.count == 0)
    }

    @Test func observedResultsFollowAComposerOnTheMainActor() async throws {
        let composer = SnapshotComposer<String, Int>()
        let banners = composer.addStaticSlot("banners", snapshot: makeSnapshot(["banners": [1, 2]]))
        let results = ObservedResults(composer)
        #expect(results.generation == 1)
        #expect(results.snapshot.itemIdentifiers == [1, 2])
        let list = TrackingCounter()
        list.track { _ = results.snapshot }

        composer.replace(banners, with: makeSnapshot(["banners": [2, 3]]))
        await eventually(within: mainActorPatience / .seconds(1)) { results.generation == 2 }
        #expect(list.count == 1)
        #expect(results.snapshot.itemIdentifiers == [2, 3])
    }

    @Test func observedResultsOfAFetchRequestFetchAtOnceAndFollowTheContext() throws {
        let (container, matches) = try savedMatches()
        let context = container.viewContext
        let results = try ObservedResults(fetchRequest: try matchRequest(), context: context, sectionNameKeyPath: "group")
        #expect(results.sections.map(\.name) == ["A", "B"])
        #expect(results.objects == matches)

        context.delete(matches[0])
        context.processPendingChanges()
        #expect(results.objects == Array(matches.dropFirst()))
    }
}
