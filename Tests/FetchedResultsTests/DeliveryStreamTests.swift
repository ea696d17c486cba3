import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing

/// Where a sequence of deliveries starts, whenever it is made: with the controller's last
/// delivery when there is one, then every later delivery, none missed and none repeated.
@MainActor @Suite(.timeLimit(.minutes(10))) struct DeliveryStreamTests {
    /// A controller of the saved matches, not fetched yet.
    func groups(_ container: PersistentContainer) throws -> FetchedResultsController<Match> {
        FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
    }

    @Test func subscribingAfterTheFetchReceivesTheFetchFirstThenTheNextChange() async throws {
        let (container, matches) = try savedMatches()
        let controller = try groups(container)
        try controller.performFetch()
        var deliveries = controller.deliveries().makeAsyncIterator()
        matches[0].score = 5
        container.viewContext.processPendingChanges()
        let fetch = try #require(await deliveries.next())
        #expect(fetch.generation == 1)
        #expect(fetch.previousSnapshot == DiffableDataSourceSnapshot())
        #expect(fetch.snapshot.numberOfItems == matches.count)
        let change = try #require(await deliveries.next())
        #expect(change.generation == 2)
        #expect(change.previousSnapshot == fetch.snapshot)
        #expect(change.snapshot == controller.snapshot)
    }

    @Test func subscribingBeforeTheFetchReceivesTheFetchFirst() async throws {
        let (container, matches) = try savedMatches()
        let controller = try groups(container)
        var deliveries = controller.deliveries().makeAsyncIterator()
        try controller.performFetch()
        let fetch = try #require(await deliveries.next())
        #expect(fetch.generation == 1)
        #expect(fetch.previousSnapshot == DiffableDataSourceSnapshot())
        #expect(fetch.snapshot.itemIdentifiers == matches.map(\.objectID))
    }

    @Test func subscribingAfterAChangeStartsWithThatChangeNotTheFetch() async throws {
        let (container, matches) = try savedMatches()
        let controller = try groups(container)
        try controller.performFetch()
        let fetched = controller.snapshot
        matches[3].group = "A"
        container.viewContext.processPendingChanges()
        var deliveries = controller.deliveries().makeAsyncIterator()
        let change = try #require(await deliveries.next())
        #expect(change.generation == 2)
        #expect(change.previousSnapshot == fetched)
        #expect(change.snapshot == controller.snapshot)
    }

    /// Sequences made one after another while a writer saves on its own thread and a
    /// background context's controller delivers each merge on that context's queue.
    @Test func subscribingDuringBackgroundSavesMissesAndRepeatsNoDelivery() async throws {
        let container = try TestModel.inMemory()
        let background = container.newBackgroundContext()
        background.automaticallyMergesChangesFromParent = true
        let box = try background.performAndWait {
            ControllerBox(FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: background))
        }
        try background.performAndWait { try box.controller.performFetch() }
        let saves = 60
        let writer = Task.detached {
            let context = container.newBackgroundContext()
            for index in 0..<saves {
                try context.performAndWait {
                    try context.insertMatch("m\(index)", score: index)
                    try context.save()
                }
            }
        }
        var sequences: [AsyncStream<FetchedResultsDelivery<ObjectID>>] = []
        for _ in 0..<saves {
            sequences.append(box.controller.deliveries())
            await Task.yield()
        }
        try await writer.value
        while background.performAndWait({ box.controller.fetchedObjectIDs?.count }) != saves {
            try await Task.sleep(for: .milliseconds(1))
        }
        let last = background.performAndWait { box.controller.generation }
        for (index, sequence) in sequences.enumerated() {
            var previous: FetchedResultsDelivery<ObjectID>?
            for await delivery in sequence {
                if let previous {
                    #expect(delivery.generation == previous.generation + 1, "sequence \(index)")
                    #expect(delivery.previousSnapshot == previous.snapshot, "sequence \(index)")
                }
                previous = delivery
                if delivery.generation == last { break }
            }
            #expect(previous?.generation == last, "sequence \(index)")
        }
    }
}
