// Guards the example in the documentation comment of `CompoundIndex`:
// Sources/ObjectStore/Model/CompoundIndex.swift.
import DiffableStore
import Testing

@Suite struct CompoundIndexExampleTests {
    final class Event: ManagedObject {
        @Attribute var day = 0
        @Attribute var title = ""
        override class var indexes: [CompoundIndex] {
            [CompoundIndex(\Event.day, \Event.title), CompoundIndex(\Event.title, unique: true)]
        }
    }

    /// The type's example, verbatim; the unique index refuses a second title.
    @Test func theEntityDeclaresAnIndexAndAUniqueIndex() throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Event.self]), store: .inMemory)
        #expect(container.model.entities.first?.indexes.count == 2)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            try context.insert(Event.self).title = "Final"
            try context.insert(Event.self).title = "Final"
            #expect(throws: ObjectStoreError.self) { try context.save() }
        }
    }
}
