import Foundation
import ObjectStore

/// A club member whose attributes declare rules.
final class Member: ManagedObject {
    @Attribute(validation: [.length(1...12), .pattern("[A-Za-z ]+")]) var name = "Ana"
    @Attribute(validation: [.range(0...99)]) var number = 7
    @Attribute(validation: [.range(0.0...5.0)]) var rating = 2.5
    @Attribute(validation: [.minimum(Date(timeIntervalSinceReferenceDate: 0))]) var joined = Date(timeIntervalSinceReferenceDate: 100)
    @Attribute(validation: [.required, .maximumLength(20)]) var email: String? = "ana@example.org"
    @Attribute(validation: [.minimumLength(2)]) var nickname: String?
    @Attribute(validation: [.maximum(1000)]) var points: Double = 0
}

/// A booking that checks its own consistency, across properties, in `validateFor…()`.
final class Booking: ManagedObject {
    @Attribute var first = 0
    @Attribute var last = 0
    @Attribute var isLocked = false

    struct EndsBeforeItStarts: Error, CustomStringConvertible {
        var description: String { "the last day comes before the first" }
    }

    override func validateForInsert() throws {
        if last < first { throw EndsBeforeItStarts() }
    }

    override func validateForUpdate() throws {
        if last < first { throw ValidationFailure.ruleBroken(objectID, key: "last", rule: .minimum(first)) }
    }

    override func validateForDelete() throws {
        if isLocked { throw ObjectStoreError.validation([.objectRejected(objectID, check: .delete, reason: "locked")]) }
    }
}

enum RuleModel {
    static let model = ManagedObjectModel([Member.self, Booking.self])

}
