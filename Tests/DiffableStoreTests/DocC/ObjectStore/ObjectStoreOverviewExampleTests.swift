// Guards the example of the ObjectStore module page:
// Sources/ObjectStore/Documentation.docc/ObjectStore.md.
import DiffableStore
import Foundation
import Testing

@Suite struct ObjectStoreOverviewExampleTests {
    final class Sport: ManagedObject {
        @Attribute(.unique) var name = ""
        @Relationship(deleteRule: .cascade, inverse: \Event.sport) var events: Set<Event>
    }

    final class Event: ManagedObject {
        @Attribute var title = ""
        @Attribute(.indexed) var start = Date.now
        @Attribute var isLive = false
        @Relationship var sport: Sport?
    }

    /// The overview's example (the model declared in the suite), verbatim apart from the store:
    /// a file in a temporary directory instead of the default location.
    @Test func anEventSavedInTheBackgroundKeepsItsID() async throws {
        try await withTemporaryStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Event.self])
            let container = try PersistentContainer(name: "Scores", model: model, store: store)

            let context = container.newBackgroundContext()
            let id = try await context.perform {
                let event = try context.insert(Event.self)
                event.title = "Final"
                try context.save()
                return event.objectID          // permanent from insertion
            }

            let reader = container.newBackgroundContext()
            #expect(try reader.performAndWait { try reader.existingObject(with: id, as: Event.self).title } == "Final")
        }
    }
}
