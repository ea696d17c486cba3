// Guards the example in the documentation comment of `ChangeEvent`:
// Sources/ObjectStore/Changes/ChangeEvent.swift.
import DiffableStore
import Testing

@Suite struct ChangeEventExampleTests {
    typealias Event = SampleScores.Event

    /// The type's example, verbatim apart from `…`, where the test records the objects; it
    /// supplies the context and an edit of one title and one attendance.
    @Test func theChangedKeysSayWhichObjectsChangedATitle() throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)
        let retitled = LogLines()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let token = context.addChangeObserver { event in
                for (id, keys) in event.changedKeys where keys.contains("title") { retitled.append("\(id)") }
            }
            try context.existingObject(with: ids[0], as: Event.self).attendance = 1_000
            try context.existingObject(with: ids[1], as: Event.self).title = "Semi-final"
            context.processPendingChanges()
            token.cancel()
        }
        #expect(retitled.all == ["\(ids[1])"])
    }
}
