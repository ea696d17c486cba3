// Guards the examples of the validation and life cycle article:
// Sources/ObjectStore/Documentation.docc/ValidationAndLifeCycle.md.
import DiffableStore
import Foundation
import Testing

@Suite struct ValidationAndLifeCycleExampleTests {
    // The article's three classes, verbatim.
    final class Player: ManagedObject {
        @Attribute(validation: [.length(1...40), .pattern("[A-Za-z .'-]+")]) var name = "New player"
        @Attribute(validation: [.range(0...99)]) var number = 0
        @Attribute(validation: [.range(0.0...5.0)]) var rating = 0.0
        @Attribute(validation: [.required, .maximumLength(80)]) var email: String?
    }

    final class Booking: ManagedObject {
        @Attribute var firstDay = Date.now
        @Attribute var lastDay = Date.now

        override func validateForUpdate() throws {
            if lastDay < firstDay {
                throw ValidationFailure.ruleBroken(objectID, key: "lastDay", rule: .minimum(firstDay))
            }
        }
    }

    final class Article: ManagedObject {
        @Attribute var title = ""
        @Attribute var slug = ""

        override func willSave() {
            let wanted = title.lowercased().replacingOccurrences(of: " ", with: "-")
            if slug != wanted { slug = wanted }
        }
    }

    static let model = ManagedObjectModel([Player.self, Booking.self, Article.self])

    /// The save snippet, verbatim apart from `print`, captured; the failures it prints are the
    /// ones its comment names.
    @Test func aSaveListsEveryBrokenRule() throws {
        let printed = LogLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let context = try PersistentContainer(name: "Players", model: Self.model, store: .inMemory).newBackgroundContext()
        let id = try context.performAndWait {
            let player = try context.insert(Player.self)
            player.number = 120
            player.email = nil
            do {
                try context.save()
            } catch ObjectStoreError.validation(let failures) {
                // [.ruleBroken(id, key: "number", rule: .range(0...99)), .missingValue(id, key: "email")]
                print(failures)
            }
            return player.objectID
        }
        let expected: [ValidationFailure] = [.ruleBroken(id, key: "number", rule: .range(0...99)), .missingValue(id, key: "email")]
        #expect(printed.all == ["\(expected)"])
    }

    @Test func bookingsAndArticlesCheckAndCompleteThemselves() throws {
        let context = try PersistentContainer(name: "Players", model: Self.model, store: .inMemory).newBackgroundContext()
        try context.performAndWait {
            let booking = try context.insert(Booking.self)
            let article = try context.insert(Article.self)
            article.title = "Final Score"
            try context.save()
            #expect(article.slug == "final-score")
            booking.lastDay = booking.firstDay.addingTimeInterval(-86_400)
            #expect(throws: ObjectStoreError.self) { try context.save() }
        }
    }
}
