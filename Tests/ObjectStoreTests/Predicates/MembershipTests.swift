import Foundation
import ObjectStore
import Testing

/// `IN` lists, whose constants evaluation looks up in an index, and `OR`s of equalities merged
/// into them: each case runs in SQL and in memory, and both must select exactly the expected
/// objects.
@MainActor @Suite struct MembershipTests {
    private struct Fixture {
        let container: PersistentContainer
        let context: ManagedObjectContext
        let players: [Player]
    }

    private func fixture() throws -> Fixture {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let rows: [(name: String?, score: Double?, level: Int, age: Int?, salary: Decimal?)] = [
            ("Ärger", 1, 1, 1, Decimal(string: "1.50")), ("arger", 2.5, 2, nil, 10), ("ARGER", nil, 3, 7, nil),
            ("Straße", -0.0, 0, 0, -3), ("e\u{301}", 9_007_199_254_740_992, 4, 5, nil), ("é", Double(Int64.max), .max, 6, nil),
            (nil, .nan, 6, 6, nil), ("strasse", 1e300, 7, nil, Decimal(string: "0.000")),
        ]
        var players: [Player] = []
        for row in rows {
            let player = try context.insert(Player.self)
            player.name = row.name
            player.score = row.score
            player.level = row.level
            player.age = row.age
            player.salary = row.salary
            players.append(player)
        }
        try context.save()
        return Fixture(container: container, context: context, players: players)
    }

    private func predicate(_ format: String, _ arguments: (any PredicateArgument)?...) throws -> FetchPredicate<Player> {
        try FetchPredicate(format: format, argumentArray: arguments)
    }

    @Test func integersAndRealsAreOneValueWhenEqual() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("score IN {1, 3}"), in: f.context, [p[0]])
        try expectSelects(predicate("level IN {1.0, 3.0}"), in: f.context, [p[0], p[2]])
        try expectSelects(predicate("level IN {1.5, 2, YES}"), in: f.context, [p[0], p[1]])
        try expectSelects(predicate("score IN {0}"), in: f.context, [p[3]])
        try expectSelects(predicate("score IN %@", [9_007_199_254_740_992]), in: f.context, [p[4]])
        try expectSelects(predicate("score IN %@", [9_007_199_254_740_993]), in: f.context, [])
        // Int64.max is 2^63 - 1; as a Double it rounds to 2^63, which no integer equals.
        try expectSelects(predicate("level IN %@", [Double(Int64.max)]), in: f.context, [])
        try expectSelects(predicate("score IN %@", [Int64.max]), in: f.context, [])
        try expectSelects(predicate("score IN %@", [Double(Int64.max), 1e300]), in: f.context, [p[5], p[7]])
        try expectSelects(predicate("score IN {-0.0, 2.5}"), in: f.context, [p[1], p[3]])
    }

    @Test func textComparesByBytesOrFoldedByTheModifier() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("name IN {'e\u{301}', 'arger'}"), in: f.context, [p[1], p[4]])
        try expectSelects(predicate("name IN {'é'}"), in: f.context, [p[5]])
        try expectSelects(predicate("name IN[c] {'ärger', 'STRASSE'}"), in: f.context, [p[0], p[3], p[7]])
        try expectSelects(predicate("name IN[d] {'Arger'}"), in: f.context, [p[0]])
        try expectSelects(predicate("name IN[cd] {'arger'}"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name IN[cd] {'E'}"), in: f.context, [p[4], p[5]])
        try expectSelects(predicate("name ==[c] 'ÄRGER' OR name ==[c] 'straße' OR name == 'arger'"), in: f.context, [p[0], p[1], p[3], p[7]])
    }

    @Test func nullElementsMakeAValueFoundNowhereUnknown() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("name IN {'arger', nil}"), in: f.context, [p[1]])
        try expectSelects(predicate("NOT (name IN {'arger', nil})"), in: f.context, [])
        try expectSelects(predicate("NOT (name IN {'arger'})"), in: f.context, [p[0], p[2], p[3], p[4], p[5], p[7]])
        try expectSelects(predicate("name IN {}"), in: f.context, [])
        try expectSelects(predicate("NOT (name IN {})"), in: f.context, p)
        try expectSelects(predicate("NOT (age IN {age, 99})"), in: f.context, [])
        // `== nil` is IS NULL, which merges into no list; a nil in a list merged with equalities
        // stays unknown.
        try expectSelects(predicate("NOT (level == 1 OR level == nil OR level == 2)"), in: f.context, [p[2], p[3], p[4], p[5], p[6], p[7]])
        try expectSelects(predicate("NOT (level == 1 OR level IN {nil, 3} OR level == 2)"), in: f.context, [])
        try expectSelects(predicate("NOT (level == 1 OR level == 2)"), in: f.context, [p[2], p[3], p[4], p[5], p[6], p[7]])
    }

    @Test func keysInTheListAreComparedBesideTheConstants() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("level IN {age, 3}"), in: f.context, [p[0], p[2], p[3], p[6]])
        try expectSelects(predicate("level IN {99, age}"), in: f.context, [p[0], p[3], p[6]])
        try expectSelects(predicate("NOT (level IN {age, 3})"), in: f.context, [p[4], p[5]])
        try expectSelects(predicate("level == 1 OR level == 2.0 OR 3 == level OR level IN {7, age}"), in: f.context, [p[0], p[1], p[2], p[3], p[6], p[7]])
    }

    @Test func decimalsCompareByValue() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("salary IN {1.5, 10}"), in: f.context, [p[0], p[1]])
        try expectSelects(predicate("salary IN %@", [Decimal(string: "1.500")!, Decimal(string: "-3.0")!]), in: f.context, [p[0], p[3]])
        try expectSelects(predicate("salary IN {0, 1e300}"), in: f.context, [p[7]])
        try expectSelects(predicate("salary == 10 OR salary == -3 OR salary == 1.5000"), in: f.context, [p[0], p[1], p[3]])
    }

    @Test func elementsAfterTheFirstEqualConstantAreNotRead() throws {
        let f = try fixture()
        let p = f.players
        let compiled = try BoundPredicate(predicate("level IN {age, 3, mentor.level}").node, entity: f.context.model.entity(for: Player.self))
        for (player, hops) in [(p[2], 0), (p[1], 1)] {
            let counts = OperationCounts()
            _ = try OperationCounts.$current.withValue(counts) { try compiled.evaluate(player) }
            #expect(counts.hopsFollowed == hops, "level \(player.level)")
        }
    }
}
