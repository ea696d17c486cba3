import DiffableStore
import Foundation
import Testing

final class ReadmeEvent: ManagedObject {
    @Attribute var title = ""
    @Attribute(.indexed) var start = Date.distantPast
    @Attribute var isLive = false
}

/// The README's store example, verbatim apart from the entity's name.
@Test func theReadmeStoreExampleHolds() throws {
    let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([ReadmeEvent.self]),
                                            store: StoreDescription(location: .inMemory))
    let context = container.newBackgroundContext()
    let live = try context.performAndWait { () throws -> [ReadmeEvent] in
        let event = try context.insert(ReadmeEvent.self)
        event.title = "Final"
        event.isLive = true
        try context.save()

        var request = FetchRequest<ReadmeEvent>()
        request.predicate = try FetchPredicate(format: "isLive == YES AND title BEGINSWITH[c] %@", "fin")
        request.sortDescriptors = [FetchSortDescriptor(\.start)]
        return Array(try context.fetch(request))
    }
    #expect(live.map(\.title) == ["Final"])
}
