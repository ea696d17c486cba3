// Guards the example in the documentation comment of `Relationship`:
// Sources/ObjectStore/Model/Relationship.swift.
import DiffableStore
import Testing

@Suite struct RelationshipExampleTests {
    final class Sport: ManagedObject {
        @Attribute var name = ""
        @Relationship(deleteRule: .cascade, inverse: \Event.sport) var events: Set<Event>
    }
    final class Event: ManagedObject {
        @Relationship var sport: Sport?     // inverse: Sport.events
    }

    /// The type's example, verbatim; setting one side updates the other, and the cascade
    /// deletes the events with their sport.
    @Test func bothSidesStayInStepAndTheCascadeDeletes() throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Sport.self, Event.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let football = try context.insert(Sport.self)
            let final = try context.insert(Event.self)
            final.sport = football
            #expect(football.events.map(\.objectID) == [final.objectID])
            try context.save()
            context.delete(football)
            try context.save()
            #expect(try context.count(for: FetchRequest<Event>()) == 0)
        }
    }
}
