import ArgumentParser
import FetchedResults
import ObjectStore

/// Several entities in several sections: memories and plans, one controller each, merged into
/// one list by a snapshot composer.
struct SeveralEntities: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "several-entities",
        abstract: "Several entities in several sections: two controllers merged by a composer."
    )

    /// The composed list's sections: one per entity.
    enum Section: String, Hashable, Sendable, CustomStringConvertible {
        case memories, plans
        var description: String { rawValue }
    }

    /// The composed list's rows: an object of either entity.
    enum Item: Hashable, Sendable {
        case memory(ObjectID)
        case plan(ObjectID)
    }

    func run() async throws {
        let container = try ExampleModel.container()
        let context = container.newBackgroundContext(name: "journal")
        try context.performAndWait { () throws in
            try context.insertMemory("First snow", day: 3)
            try context.insertMemory("Lake swim", day: 7)
            try Self.insertPlan("Climb the ridge", day: 30, in: context)
            try context.save()
        }
        let (memories, plans) = context.performAndWait {
            (
                FetchedResultsController<Memory>(
                    fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.day), FetchSortDescriptor(\.title)]),
                    managedObjectContext: context),
                FetchedResultsController<Plan>(
                    fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.day), FetchSortDescriptor(\.title)]),
                    managedObjectContext: context)
            )
        }
        try context.performAndWait { () throws in
            try memories.performFetch()
            try plans.performFetch()
        }
        // Listening before the slots are added: each slot added composes once (the first shows
        // the memories, the second inserts the plans' section), then each save one change.
        let composer = SnapshotComposer<Section, Item>()
        let compositions = composer.compositions().map { ListChange(snapshot: $0.snapshot, batchUpdate: $0.batchUpdate) }
        var list = ScriptedList(context: context, changes: compositions.makeAsyncIterator()) { item in
            switch item {
            case .memory(let id), .plan(let id): context.title(of: id)
            }
        }
        print("compose: memories, then plans")
        composer.addSlot("memories", controller: memories, section: { _ in .memories }, item: { .memory($0) })
        composer.addSlot("plans", controller: plans, section: { _ in .plans }, item: { .plan($0) })
        try await list.applyChanges(2)
        try await list.step("plan \"Visit the coast\" on day 21") { context in
            try Self.insertPlan("Visit the coast", day: 21, in: context)
        }
        try await list.step("remember \"Night train\" on day 9") { context in
            try context.insertMemory("Night train", day: 9)
        }
        try await list.step("rename the plan \"Climb the ridge\" (reconfigured)") { context in
            try context.titled("Climb the ridge", Plan.self).title = "Climb the north ridge"
        }
        try await list.step("forget \"First snow\"") { context in
            context.delete(try context.titled("First snow", Memory.self))
        }
        try await list.step("drop every plan (the plans section goes)") { context in
            let all = try context.fetch(Plan.self)
            for plan in all { context.delete(plan) }
        }
        list.printList()
    }

    private static func insertPlan(_ title: String, day: Int, in context: ManagedObjectContext) throws {
        let plan = try context.insert(Plan.self)
        plan.title = title
        plan.day = day
    }
}
