// Guards the example of the article Sources/ObjectStore/Documentation.docc/UndoAndRedo.md and of the
// documentation comment of `ObjectUndoManager` (Sources/ObjectStore/Undo/ObjectUndoManager.swift).
import DiffableStore
import Testing

@Suite struct UndoExampleTests {
    typealias Event = SampleScores.Event

    /// The article's example, verbatim; the test checks what the store holds after it.
    @Test func twoUndosAndARedoSaveTheInsertedEventWithoutItsAttendance() async throws {
        let container = try SampleScores.container()

        let context = container.newBackgroundContext()
        try await context.perform {
            context.undoManager = ObjectUndoManager()
            let event = try context.insert(Event.self)
            event.title = "Final"
        }
        try await context.perform {
            let event = try context.fetch(FetchRequest<Event>()).first
            event?.attendance = 900
        }
        try await context.perform {
            context.undo()          // attendance is 0 again
            context.undo()          // the event is gone
            context.redo()          // back, with the same ObjectID and title
            try context.save()      // saves the event; the stacks stay
        }

        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { try reader.fetch(FetchRequest<Event>()).map { ($0.title, $0.attendance) } }
        #expect(stored.count == 1 && stored[0] == ("Final", 0))
        #expect(await context.perform { context.undoManager?.canUndo == true })
    }

    /// The type's example, verbatim, in one turn of a background context.
    @Test func anInsertUndoneAndRedoneInOneTurnIsKept() throws {
        let container = try SampleScores.container()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.undoManager = ObjectUndoManager()
            let event = try context.insert(Event.self)   // this turn's changes: one group
            event.title = "Final"
            context.undo()                                // the event is gone again
            #expect(try context.count(for: FetchRequest<Event>()) == 0)
            context.redo()                                // and back, with the same ObjectID
            #expect(try context.existingObject(with: event.objectID, as: Event.self).title == "Final")
        }
    }
}
