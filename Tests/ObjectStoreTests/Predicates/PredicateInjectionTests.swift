import Foundation
import ObjectStore
import Testing

/// Values that mean something to SQL, LIKE or the format syntax are matched literally: they are
/// always bound as parameters, never written into the SQL text.
@MainActor @Suite struct PredicateInjectionTests {
    static let values = [
        "it's", "say \"hi\"", "100%", "a_b", "a*b", "a?b", "back\\slash", "\\*", "nul\u{0}byte", "nul", "'; DROP TABLE Player; --",
        "x' OR '1'='1", "%@", "%K", "$VAR", "a\nb", "😀", "", " ",
    ]

    @Test func valuesMatchLiterallyAsArgumentsAndLiterals() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var players: [String: Player] = [:]
        for value in Self.values {
            let player = try context.insert(Player.self)
            player.name = value
            player.nick = "<" + value + ">"
            players[value] = player
        }
        try context.save()
        let entity = context.model.entity(for: Player.self)
        for value in Self.values {
            let player = try #require(players[value])
            let argument = try FetchPredicate<Player>(format: "name == %@", value)
            try expectSelects(argument, in: context, [player])
            try expectSelects(FetchPredicate(format: "name == " + PredicateValue.string(value).description), in: context, [player])
            try expectSelects(FetchPredicate(format: "nick CONTAINS %@", "<" + value + ">"), in: context, [player])
            if !value.isEmpty {
                try expectSelects(FetchPredicate(format: "nick BEGINSWITH %@ AND nick ENDSWITH %@", "<" + value, value + ">"), in: context, [player])
            }
            try expectSelects(FetchPredicate(format: "name IN %@", [value]), in: context, [player])
            let sql = try FetchRequest(predicate: argument).storeQuery(entity: entity).sql(.ids)
            #expect(!sql.arguments.isEmpty && sql.arguments.allSatisfy { $0 == value.databaseValue })
            if !value.isEmpty && value != " " { #expect(!sql.text.contains(value), "\(value) must be bound, not written into SQL") }
        }
        #expect(try context.count(for: FetchRequest<Player>()) == Self.values.count)
    }

    @Test func likeWildcardsEscapeToLiterals() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var players: [String: Player] = [:]
        for value in ["a*b", "axxb", "a?b", "ayb", "a\\b", "ab"] {
            let player = try context.insert(Player.self)
            player.name = value
            players[value] = player
        }
        try context.save()
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a\\*b"), in: context, [players["a*b"]!])
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a\\?b"), in: context, [players["a?b"]!])
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a\\\\b"), in: context, [players["a\\b"]!])
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a?b"), in: context, [players["a*b"]!, players["a?b"]!, players["ayb"]!, players["a\\b"]!])
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a*b"), in: context, Array(players.values))
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a%"), in: context, [Player]())
        try expectSelects(FetchPredicate(format: "name LIKE %@", "a_b"), in: context, [Player]())
    }

    @Test func keysCannotCarrySQL() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        for key in ["name == 1 OR 1", "name\" OR 1 --", "name; DROP TABLE Player"] {
            do {
                _ = try context.fetchObjectIDs(FetchRequest<Player>(predicate: try FetchPredicate(format: "%K == 1", key)))
                Issue.record("\(key) must not be accepted as a key")
            } catch ObjectStoreError.invalidFetchRequest(.unknownKey(entity: "Player", key: _)) {
            } catch FetchPredicateError.unexpectedToken {
            }
        }
    }
}
