import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// A tie whose stakes the store counts and sums.
final class Tie: ManagedObject {
    @Attribute var title = ""
    @Relationship(deleteRule: .cascade, inverse: \Stake.tie) var stakes: Set<Stake>
    @Derived("stakes.@count") var stakeCount: Int
    @Derived("stakes.@sum.amount") var stakeTotal: Int
}

/// A stake on a tie.
final class Stake: ManagedObject {
    @Attribute var amount = 0
    @Relationship var tie: Tie?
}

/// Controllers follow derived attributes the store recomputes when related objects change.
@MainActor @Suite struct DerivedFollowingTests {
    /// A controller over every tie, `key` descending then title, fetched, with a recorder of its
    /// deliveries.
    private static func controller(
        of context: ManagedObjectContext, sortedBy key: KeyPath<Tie, Int>
    ) throws -> (FetchedResultsController<Tie>, DeliveryRecorder<Tie, ObjectID>) {
        let request = FetchRequest<Tie>(predicate: nil, sortDescriptors: [FetchSortDescriptor(key, ascending: false), FetchSortDescriptor(\.title)])
        let controller = FetchedResultsController<Tie>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<Tie, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        return (controller, recorder)
    }

    @Test func aControllerSortedByADerivedCountMovesAnObjectWhenAnotherContextAddsOrRemovesAMember() async throws {
        let container = try PersistentContainer(name: "Ties", model: ManagedObjectModel([Tie.self, Stake.self]), store: .inMemory)
        let context = container.viewContext
        for title in ["a", "b"] { try context.insert(Tie.self).title = title }
        try context.save()
        let (controller, recorder) = try Self.controller(of: context, sortedBy: \.stakeCount)
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

    @Test(arguments: StoreBackend.all)
    func aControllerSortedByADerivedSumMovesAnObjectWhenAnotherContextBatchUpdatesItsMembers(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Ties", model: ManagedObjectModel([Tie.self, Stake.self]))
        let context = container.viewContext
        for (title, amount) in [("a", 2), ("b", 1)] {
            let tie = try context.insert(Tie.self)
            tie.title = title
            let stake = try context.insert(Stake.self)
            stake.amount = amount
            stake.tie = tie
        }
        try context.save()
        let (controller, recorder) = try Self.controller(of: context, sortedBy: \.stakeTotal)
        #expect(controller.fetchedObjects?.map(\.title) == ["a", "b"])

        let writer = container.newBackgroundContext()
        try await writer.perform {
            var update = BatchUpdateRequest<Stake>(predicate: try FetchPredicate(format: "amount == 1"))
            update.set(\.amount, to: 5)
            #expect(try writer.execute(update).count == 1)
        }
        await eventually { controller.fetchedObjects?.map(\.title) == ["b", "a"] }
        #expect(controller.fetchedObjects?.map(\.stakeTotal) == [5, 2])
        #expect(!recorder.deliveries.isEmpty)
        for delivery in recorder.deliveries {
            #expect(throws: Never.self) { try delivery.batchUpdate.validate(from: delivery.previousSnapshot, to: delivery.snapshot) }
        }
    }
}
