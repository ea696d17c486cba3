// Guards the example in the documentation comment of `ManagedObject`:
// Sources/ObjectStore/Objects/ManagedObject.swift.
import DiffableStore
import Testing

@Suite struct ManagedObjectExampleTests {
    final class Event: ManagedObject {
        @Attribute var title = ""
        @Attribute var isLive = false
    }

    /// The type's example, verbatim, run on a background context of an in-memory store; the
    /// alternative in its comment is run too.
    @Test func anEntityIsASubclassWhoseObjectsAContextCreates() throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Event.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let event = try context.insert(Event.self)   // or: try Event(context: context)
            event.title = "Final"
            try context.save()

            let other = try Event(context: context)
            #expect(other.objectID != event.objectID)
            #expect(try context.fetch(FetchRequest<Event>()).map(\.title).contains("Final"))
        }
    }
}
