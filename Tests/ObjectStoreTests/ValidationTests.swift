import Foundation
import ObjectStore
import Testing

@MainActor @Suite struct ValidationTests {
    @Test func missingNonOptionalValueFailsAndChangesNothing() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.title = "no code"
        #expect {
            try context.save()
        } throws: { error in
            guard case ObjectStoreError.validation(let failures) = error else { return false }
            return failures == [.missingValue(event.objectID, key: "code")]
        }
        #expect(context.hasChanges)
        #expect(event.isInserted)
        event.code = "now"
        try context.save()
        #expect(!context.hasChanges)
    }

    @Test func uniquenessViolationFailsAndLeavesStoreAndContextAsBefore() async throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let first = try context.insert(Sport.self)
        first.name = "Same"
        try context.save()
        let keep = try context.insert(Sport.self)
        keep.name = "Other"
        let duplicate = try context.insert(Sport.self)
        duplicate.name = "Same"
        first.name = "Renamed?"
        first.name = "Same"
        expectSportNameViolation(saving: context)
        // Nothing was written, and the context still holds its unsaved changes.
        let background = container.newBackgroundContext()
        #expect(try await background.perform { try background.count(for: FetchRequest<Sport>()) } == 1)
        #expect(context.insertedObjects == [keep, duplicate])
        duplicate.name = "Different"
        try context.save()
        #expect(try await background.perform { try background.count(for: FetchRequest<Sport>()) } == 3)
    }

    @Test func errorMessagesSayWhatAndWhere() {
        let error = ObjectStoreError.incompatibleSchema(path: "/tmp/Scores.sqlite", entity: "Event", attribute: "code", reason: "its type changed")
        #expect(error.description.contains("Event.code"))
        #expect(ObjectStoreError.databaseLocked(path: "/x", timeoutSeconds: 1).description.contains("/x"))
    }
}

/// Expects saving `context` to fail on the uniqueness of sport names, and only on that.
@MainActor func expectSportNameViolation(saving context: ManagedObjectContext, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sourceLocation: sourceLocation) {
        try context.save()
    } throws: { error in
        guard case ObjectStoreError.validation(let failures) = error else { return false }
        return failures == [.uniquenessViolated(entity: "Sport", keys: ["name"])]
    }
}
