import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// A tie whose stakes the store counts.
final class Tie: ManagedObject {
    @Attribute var title = ""
    @Relationship(deleteRule: .cascade, inverse: \Stake.tie) var stakes: Set<Stake>
    @Derived("stakes.@count") var stakeCount: Int
}

/// A stake on a tie.
final class Stake: ManagedObject {
    @Attribute var amount = 0
    @Relationship var tie: Tie?
}

/// Controllers follow derived attributes the store recomputes when related objects change.
@MainActor @Suite struct DerivedFollowingTests {
    @Test func aControllerSortedByADerivedCountMovesAnObjectWhenAnotherContextAddsOrRemovesAMember() async throws {
        let container = try PersistentContainer(name: "Ties", model: ManagedObjectModel([Tie.self, Stake.self]), store: .inMemory)
        let context = container.viewContext
        for title in ["a", "b"] { try context.insert(Tie.self).title = title }
        try context.save()
        let request = FetchRequest<Tie>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.stakeCount, ascending: false), FetchSortDescriptor(\.title)])
        let controller = FetchedResultsController<Tie>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<Tie, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["a", "b"])

        let writer = container.newBackgroundContext()
        let stake = try await writer.perform {
            let tie = try #require(try writer.fetch(FetchRequest<Tie>(predicate: try FetchPredicate(format: "title == 'b'"))).first)
            let stake = try writer.insert(Stake.self)
            stake.tie = tie
            try writer.save()
            return stake.objectID
        }
        await eventually { controller.fetchedObjects?.map(\.title) == ["b", "a"] }
        #expect(controller.fetchedObjects?.map(\.stakeCount) == [1, 0])

        try await writer.perform {
            writer.delete(try writer.existingObject(with: stake))
            try writer.save()
        }
        await eventually { controller.fetchedObjects?.map(\.title) == ["a", "b"] }
        #expect(recorder.deliveries.count >= 2)
        for delivery in recorder.deliveries {
            #expect(throws: Never.self) { try delivery.batchUpdate.validate(from: delivery.previousSnapshot, to: delivery.snapshot) }
        }
    }
}
