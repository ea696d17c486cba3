import Foundation
import GRDB
import ObjectStore
import Testing

/// In-memory `ANY`/`ALL`/`NONE` and `@count` read members with queries, without registering
/// every member in the context, honour unsaved changes, and pass read errors on.
@MainActor @Suite struct RelationshipEvaluationTests {
    /// One club with `count` players (ages 0…count-1), one empty club, medals held by players.
    private func store(players count: Int, container: PersistentContainer? = nil) throws -> (PersistentContainer, ObjectID, ObjectID) {
        let container = try container ?? PredicateModel.inMemory()
        let context = container.viewContext
        let club = try context.insert(Club.self)
        club.name = "Big"
        let empty = try context.insert(Club.self)
        empty.name = "Empty"
        let medal = try context.insert(Medal.self)
        medal.label = "gold"
        for index in 0..<count {
            let player = try context.insert(Player.self)
            player.age = index
            player.club = club
            if index % 2 == 0 { player.medals = [medal] }
        }
        try context.save()
        return (container, club.objectID, empty.objectID)
    }

    @Test func quantifiersAndCountsDoNotRegisterMembers() throws {
        let (container, clubID, emptyID) = try store(players: 200)
        let fresh = container.newBackgroundContext()
        try fresh.performAndWait {
            let club = try fresh.existingObject(with: clubID, as: Club.self)
            let empty = try fresh.existingObject(with: emptyID, as: Club.self)
            let cases: [(String, Bool, Bool)] = [
                ("players.@count > 3", true, false),
                ("players.@count == 200", true, false),
                ("ANY players.age == 150", true, false),
                ("ALL players.age < 200", true, true),
                ("ALL players.age < 199", false, true),
                ("NONE players.age > 500", true, true),
                ("ANY players.medals.@count == 1", true, false),
                ("ANY players.age > players.@count", false, false),
            ]
            for (format, big, none) in cases {
                let predicate = try FetchPredicate<Club>(format: format)
                #expect(try predicate.evaluate(with: club) == big, "\(format)")
                #expect(try predicate.evaluate(with: empty) == none, "\(format)")
            }
            #expect(fresh.registeredObjects.count == 2, "registered \(fresh.registeredObjects.count) objects")
            let medal = try #require(try fresh.fetch(FetchRequest<Medal>()).first)
            #expect(try FetchPredicate<Medal>(format: "holders.@count == 100").evaluate(with: medal))
            #expect(try FetchPredicate<Medal>(format: "ANY holders.age == 198 AND NONE holders.age == 199").evaluate(with: medal))
            #expect(fresh.registeredObjects.count == 3, "registered \(fresh.registeredObjects.count) objects")
        }
    }

    @Test func quantifiersAndCountsSeeUnsavedMembers() throws {
        let (container, clubID, emptyID) = try store(players: 5)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let club = try context.existingObject(with: clubID, as: Club.self)
            let empty = try context.existingObject(with: emptyID, as: Club.self)
            let medal = try #require(try context.fetch(FetchRequest<Medal>()).first)
            let added = try context.insert(Player.self)
            added.age = 99
            added.club = empty
            added.medals = [medal]
            let moved = try #require(try context.fetch(FetchRequest<Player>(predicate: \Player.age == 4)).first)
            moved.club = empty
            let deleted = try #require(try context.fetch(FetchRequest<Player>(predicate: \Player.age == 0)).first)
            context.delete(deleted)
            #expect(try FetchPredicate<Club>(format: "players.@count == 3").evaluate(with: club))
            #expect(try FetchPredicate<Club>(format: "players.@count == 2").evaluate(with: empty))
            #expect(try FetchPredicate<Club>(format: "ALL players.age IN {1, 2, 3}").evaluate(with: club))
            #expect(try FetchPredicate<Club>(format: "ANY players.age == 99 AND ANY players.age == 4").evaluate(with: empty))
            #expect(try FetchPredicate<Medal>(format: "holders.@count == 3").evaluate(with: medal))
            #expect(try FetchPredicate<Medal>(format: "ANY holders.age == 99 AND NONE holders.age == 0").evaluate(with: medal))
        }
    }

    @Test func aReadErrorInAQuantifierIsThrownNotTakenForNoMembers() throws {
        let url = TestModel.temporaryStoreURL(name: "Predicates")
        let container = try PersistentContainer(name: "Predicates", model: PredicateModel.model, store: StoreDescription(location: .file(url)))
        let (_, clubID, _) = try store(players: 3, container: container)
        let fresh = container.newBackgroundContext()
        try fresh.performAndWait {
            let club = try fresh.existingObject(with: clubID, as: Club.self)
            #expect(try FetchPredicate<Club>(format: "ANY players.age == 2").evaluate(with: club))
            let other = try DatabaseQueue(path: url.path)
            try other.write { db in try db.execute(sql: "DROP TABLE Player") }
            for format in ["ANY players.age == 2", "NONE players.age == 2", "players.@count == 0"] {
                #expect(throws: (any Error).self, "\(format)") {
                    try FetchPredicate<Club>(format: format).evaluate(with: club)
                }
            }
        }
    }
}
