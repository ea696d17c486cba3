import Foundation
import ObjectStore
import Testing

/// Typed predicates build the same tree as format strings, once Swift key paths are resolved to
/// names for the entity.
@Suite struct TypedPredicateTests {
    private let players = PredicateModel.model.entity(for: Player.self)
    private let clubs = PredicateModel.model.entity(for: Club.self)

    private func expectSameTree<Root: ManagedObject>(_ typed: FetchPredicate<Root>, _ format: String, _ arguments: (any PredicateArgument)?..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let entity = PredicateModel.model.entity(for: Root.self)
        let parsed = try FetchPredicate<Root>(format: format, argumentArray: arguments)
        #expect(typed.resolvingKeyPaths(on: entity) == parsed.node, "\(typed) is not \(format)", sourceLocation: sourceLocation)
    }

    @Test func comparisonsOnKeyPaths() throws {
        try expectSameTree(\Player.active == true && \Player.club?.name == "Football", "active == YES AND club.name == 'Football'")
        try expectSameTree(\Player.age > 3 || !(\Player.name == nil), "age > 3 OR NOT name == nil")
        try expectSameTree(\Player.score <= 2.5, "score <= 2.5")
        try expectSameTree(\Player.born >= Date(timeIntervalSinceReferenceDate: 5), "born >= CAST(5, 'NSDate')")
        try expectSameTree(\Player.club?.region?.code != 4, "club.region.code != 4")
        try expectSameTree(\Player.level < 10 && \Player.level > 1 && \Player.nick != "", "level < 10 AND level > 1 AND nick != ''")
        let root: FetchPredicate<Player> = \.age >= 18
        try expectSameTree(root, "age >= 18")
    }

    @Test func relationshipsAndObjects() throws {
        let container = try PredicateModel.inMemory()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let club = try context.insert(Club.self)
            try expectSameTree(\Player.club == club, "club == %@", club)
            try expectSameTree(\Player.club == club.objectID, "club == %@", club.objectID)
            try expectSameTree(\Player.club == nil, "club == nil")
            try expectSameTree(\Player.club != club, "club != %@", club)
        }
    }

    @Test func keyExpressionsForStringsListsQuantifiersAndCounts() throws {
        try expectSameTree(FetchPredicate<Player>.key(\.name).beginsWith("ä", options: [.caseInsensitive, .diacriticInsensitive]), "name BEGINSWITH[cd] 'ä'")
        try expectSameTree(FetchPredicate<Player>.key(\.nick).endsWith("x"), "nick ENDSWITH 'x'")
        try expectSameTree(FetchPredicate<Player>.key(\.nick).contains("x", options: .caseInsensitive), "nick CONTAINS[c] 'x'")
        try expectSameTree(FetchPredicate<Player>.key(\.nick).like("a*?"), "nick LIKE 'a*?'")
        try expectSameTree(FetchPredicate<Player>.key(\.nick).matches("[a-z]+"), "nick MATCHES '[a-z]+'")
        try expectSameTree(FetchPredicate<Player>.key(\.nick).equals("A", options: .caseInsensitive), "nick ==[c] 'A'")
        try expectSameTree(FetchPredicate<Player>.key(\.age).in([1, 2]), "age IN %@", [1, 2])
        try expectSameTree(FetchPredicate<Player>.key(\.age).between(1, 5), "age BETWEEN %@", [1, 5])
        try expectSameTree(FetchPredicate<Player>.key(\.age) > .key(\.club?.rank), "age > club.rank")
        try expectSameTree(FetchPredicate<Club>.any(\.players, \.age) > 3, "ANY players.age > 3")
        try expectSameTree(FetchPredicate<Club>.all(\.players, \.name).beginsWith("a"), "ALL players.name BEGINSWITH 'a'")
        try expectSameTree(FetchPredicate<Club>.none(\.players, \.mentor?.age) == 3, "NONE players.mentor.age == 3")
        try expectSameTree(FetchPredicate<Club>.count(\.players) >= 2, "players.@count >= 2")
        let chained: FetchPredicate<Club> = .count(\.players) > 1 && .key(\.name).like("L*")
        try expectSameTree(chained, "players.@count > 1 AND name LIKE 'L*'")
        try expectSameTree(FetchPredicate<Player>(value: true) || FetchPredicate(value: false), "TRUEPREDICATE OR FALSEPREDICATE")
    }

    @Test func predicatesAreSendableHashableValues() async throws {
        let a = try FetchPredicate<Player>(format: "age > 3")
        let b = try FetchPredicate<Player>(format: "age > 3")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        let task = Task.detached { a.predicateFormat }
        #expect(await task.value == "age > 3")
        #expect(a.description == "age > 3")
    }
}
