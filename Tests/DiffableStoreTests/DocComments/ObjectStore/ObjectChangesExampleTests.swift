// Guards the example in the documentation comment of `ManagedObjectContext.changes(for:)`:
// Sources/ObjectStore/Context/ManagedObjectContext+Observation.swift.
import DiffableStore
import Testing
import TestSupport

@Suite struct ObjectChangesExampleTests {
    typealias Event = SampleScores.Event

    /// The method's example, verbatim, its loop in a task; the test supplies the context, the
    /// event's ID, `retitle` and `close`, and between the example's two lines renames the event,
    /// changes its attendance and deletes it.
    @Test func theLoopRetitlesOnceThenClosesWhenTheDeletionIsSaved() async throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()
        let eventID = ids[0]
        let calls = LogLines()
        @Sendable func retitle() { calls.append("retitle") }
        @Sendable func close() { calls.append("close") }
        let changes = context.changes(for: eventID)   // follows the event from here on
        let edits = Task {
            try await context.perform {
                let object = try context.existingObject(with: eventID, as: Event.self)
                object.title = "Grand final"
                context.processPendingChanges()
                object.attendance = 950
                context.processPendingChanges()
                context.delete(object)
                try context.save()
            }
        }

        let loop = Task {
            for await change in changes {
                if change.kind == .deleted { close() } else if change.changedKeys.contains("title") { retitle() }
            }
        }

        await value(of: loop)
        try await edits.value
        #expect(calls.all == ["retitle", "close", "close"])
    }
}
