import DiffableSnapshots
import FetchedResults
import ObjectStore
import Testing

/// `object(at:)` loads the objects within the controller's prefetch radius with the one asked for.
@Suite struct PrefetchRadiusTests {
    @Test func objectAtLoadsThePrefetchRadiusOnEachSide() async throws {
        let container = try TestModel.inMemory()
        let writer = container.newBackgroundContext()
        try await writer.perform {
            for score in 0..<30 { try writer.insertMatch("m\(score)", score: score) }
            try writer.save()
        }
        let context = container.newBackgroundContext()
        let loaded = try await context.perform { () throws -> [Bool] in
            let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context)
            #expect(controller.prefetchRadius == 20)
            controller.prefetchRadius = 2
            try controller.performFetch()
            _ = controller.object(at: ItemPath(section: 0, item: 10))
            return controller.snapshot.itemIdentifiers.map { context.hasLoadedObject(with: $0) }
        }
        #expect(loaded.indices.filter { loaded[$0] } == [8, 9, 10, 11, 12])
    }
}
