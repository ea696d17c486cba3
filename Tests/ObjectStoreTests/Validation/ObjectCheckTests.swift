import Foundation
import ObjectStore
import StoreBackends
import Testing

/// The objects' own `validateForInsert()`, `validateForUpdate()` and `validateForDelete()`: what
/// they throw joins the model's failures in the save's one error.
@Suite struct ObjectCheckTests {
    @Test(arguments: StoreBackend.all)
    func eachChangeRunsItsCheckAndEveryFailureIsListed(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Rules", model: RuleModel.model)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let locked = try context.insert(Booking.self)
            locked.isLocked = true
            let changed = try context.insert(Booking.self)
            try context.save()
            // Insert, update and delete, each refused by its own check, plus a broken rule.
            let inserted = try context.insert(Booking.self)
            inserted.first = 5
            inserted.last = 1
            changed.first = 3
            context.delete(locked)
            let member = try context.insert(Member.self)
            member.number = 100
            let failures = try #require(context.saveValidationFailures(), "the save did not fail validation")
            #expect(Set(failures) == [
                .objectRejected(inserted.objectID, check: .insert, reason: "the last day comes before the first"),
                .ruleBroken(changed.objectID, key: "last", rule: .minimum(3)),
                .objectRejected(locked.objectID, check: .delete, reason: "locked"),
                .ruleBroken(member.objectID, key: "number", rule: .range(0...99)),
            ])
            #expect(context.insertedObjects == [inserted, member])
            #expect(context.deletedObjects == [locked])
            #expect(context.updatedObjects == [changed])
            // Fixing each one lets the save through.
            inserted.last = 5
            changed.last = 3
            context.rollback()
            #expect(!context.hasChanges)
            context.delete(changed)
            try context.save()
            let reader = container.newBackgroundContext()
            #expect(try reader.performAndWait { try reader.count(for: FetchRequest<Booking>()) } == 1)
        }
    }

    @Test func aLockedBookingSavesItsUpdatesButRefusesItsDeletion() throws {
        let context = try RuleModel.model.inMemoryContainer().newBackgroundContext()
        try context.performAndWait {
            let booking = try context.insert(Booking.self)
            booking.last = 2
            try context.save()
            booking.isLocked = true
            try context.save()
            context.delete(booking)
            let failures = try #require(context.saveValidationFailures(), "deleting a locked booking did not fail")
            #expect(failures == [.objectRejected(booking.objectID, check: .delete, reason: "locked")])
        }
    }

    @Test func theMessageNamesTheCheckAndItsReason() throws {
        let id = try ObjectIDProbe.someID()
        let text = ObjectStoreError.validation([.objectRejected(id, check: .update, reason: "the dates overlap")]).description
        #expect(text.contains("validateForUpdate()") && text.contains("the dates overlap") && text.contains("\(id)"))
    }
}

/// An object ID to put into messages.
enum ObjectIDProbe {
    static func someID() throws -> ObjectID {
        let context = try RuleModel.model.inMemoryContainer().newBackgroundContext()
        return try context.performAndWait { try context.insert(Booking.self).objectID }
    }
}
