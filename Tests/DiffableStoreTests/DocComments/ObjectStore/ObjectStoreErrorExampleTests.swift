// Guards the example in the documentation comment of `ObjectStoreError`:
// Sources/ObjectStore/Errors/ObjectStoreError.swift.
import DiffableStore
import Testing

@Suite struct ObjectStoreErrorExampleTests {
    final class Event: ManagedObject {
        @Attribute var title = ""
    }

    /// The type's example, verbatim, with `print` captured; the test supplies a context whose
    /// save conflicts with another context's.
    @Test func aSaveConflictIsMatchedAndRolledBack() throws {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Event.self]), store: .inMemory)
        let setup = container.newBackgroundContext()
        let id = try setup.performAndWait { () throws in
            let event = try setup.insert(Event.self)
            try setup.save()
            return event.objectID
        }
        let context = container.newBackgroundContext()
        let theirs = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let event = try context.existingObject(with: id, as: Event.self)
            _ = event.title
            try theirs.performAndWait { () throws in
                try theirs.existingObject(with: id, as: Event.self).title = "theirs"
                try theirs.save()
            }
            event.title = "mine"

            do {
                try context.save()
            } catch ObjectStoreError.saveConflict(let conflicts) {
                context.rollback()
                print("someone else changed", conflicts.map(\.objectID))
            }

            #expect(!context.hasChanges)
        }
        #expect(printed.all == ["someone else changed \([id])"])
    }
}
