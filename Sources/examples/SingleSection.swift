import ArgumentParser
import FetchedResults
import ObjectStore

/// One entity, one section: memories by day, in a flat list.
struct SingleSection: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "single-section",
        abstract: "One entity in one section: a controller without a section key path."
    )

    func run() async throws {
        let container = try ExampleModel.container()
        let context = container.newBackgroundContext(name: "memories")
        try context.performAndWait { () throws in
            try context.insertMemory("First snow", day: 3)
            try context.insertMemory("Lake swim", day: 7)
            try context.insertMemory("Old friends", day: 12)
            try context.save()
        }
        let controller = context.performAndWait {
            FetchedResultsController<Memory>(
                fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.day), FetchSortDescriptor(\.title)]),
                managedObjectContext: context)
        }
        var list = ScriptedList(context: context, changes: controller.listChanges().makeAsyncIterator()) { context.title(of: $0) }

        print("fetch: three memories")
        try context.performAndWait { () throws in try controller.performFetch() }
        try await list.applyChanges()
        try await list.step("insert \"Night train\" on day 9") { context in
            try context.insertMemory("Night train", day: 9)
        }
        try await list.step("rename \"Lake swim\" (same place: reconfigured)") { context in
            try context.titled("Lake swim", Memory.self).title = "Lake swim at dawn"
        }
        try await list.step("move \"First snow\" to day 20 (moved to the end)") { context in
            try context.titled("First snow", Memory.self).day = 20
        }
        try await list.step("delete \"Old friends\", insert \"Harbour lights\" on day 1") { context in
            let old = try context.titled("Old friends", Memory.self)
            context.delete(old)
            try context.insertMemory("Harbour lights", day: 1)
        }
        list.printList()
    }
}
