// Guards the example in the documentation comment of `Attribute`:
// Sources/ObjectStore/Model/Attribute.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct AttributeExampleTests {
    final class Event: ManagedObject {
        @Attribute var title = ""                       // default ""
        @Attribute(.indexed) var start = Date.now       // indexed column
        @Attribute(.unique) var code: String            // no default: must be set before saving
        @Attribute var note: String?                    // optional, nil by default
    }

    /// The type's example, verbatim; the test checks each comment on an in-memory store.
    @Test func eachAttributeHasTheDefaultAndOptionsItDeclares() throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Event.self]), store: .inMemory)
        let attributes = try #require(container.model.entities.first?.attributes)
        #expect(attributes.first { $0.name == "title" }?.defaultValue == .text(""))
        #expect(attributes.first { $0.name == "start" }?.isIndexed == true)
        #expect(attributes.first { $0.name == "code" }?.isUnique == true)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let event = try context.insert(Event.self)
            #expect(event.title == "")
            #expect(event.note == nil)
            #expect(throws: ObjectStoreError.self) { try context.save() }
            event.code = "F1"
            try context.save()
        }
    }
}
