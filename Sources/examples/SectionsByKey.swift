import ArgumentParser
import FetchedResults
import ObjectStore

/// One entity, sections by a key: chores grouped by the column of a board.
struct SectionsByKey: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections-by-key",
        abstract: "One entity in sections by a key: a controller with a section key path."
    )

    func run() async throws {
        let container = try ExampleModel.container()
        let context = container.newBackgroundContext(name: "board")
        try context.performAndWait { () throws in
            for (title, column) in [("Buy paint", "1 todo"), ("Fix the gate", "1 todo"), ("Sand the fence", "2 doing")] {
                try Self.insertChore(title, column: column, in: context)
            }
            try context.save()
        }
        let controller = context.performAndWait {
            FetchedResultsController<Chore>(
                fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.column), FetchSortDescriptor(\.title)]),
                managedObjectContext: context, sectionNameKeyPath: "column")
        }
        var list = ScriptedList(context: context, changes: controller.listChanges().makeAsyncIterator()) { context.title(of: $0) }

        print("fetch: two columns")
        try context.performAndWait { () throws in try controller.performFetch() }
        try await list.applyChanges()
        try await list.step("finish \"Sand the fence\" (a new section, the item moves into it)") { context in
            try context.titled("Sand the fence", Chore.self).column = "3 done"
        }
        try await list.step("start \"Fix the gate\" (moves to a section that came back)") { context in
            try context.titled("Fix the gate", Chore.self).column = "2 doing"
        }
        try await list.step("rename \"Buy paint\" (same place: reconfigured)") { context in
            try context.titled("Buy paint", Chore.self).title = "Buy blue paint"
        }
        try await list.step("add \"Oil the hinges\" to do, delete \"Sand the fence\" (its section goes)") { context in
            let finished = try context.titled("Sand the fence", Chore.self)
            try Self.insertChore("Oil the hinges", column: "1 todo", in: context)
            context.delete(finished)
        }
        list.printList()
    }

    private static func insertChore(_ title: String, column: String, in context: ManagedObjectContext) throws {
        let chore = try context.insert(Chore.self)
        chore.title = title
        chore.column = column
    }
}
