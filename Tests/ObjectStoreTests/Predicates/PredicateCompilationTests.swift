import Foundation
import ObjectStore
import Testing

/// `FetchPredicate.evaluate(with:)` compiles a predicate once per entity and keeps the
/// compilation with the predicate value (debug builds count compilations of regular expressions,
/// one per compilation of the predicate here).
@MainActor @Suite struct PredicateCompilationTests {
    @Test func evaluatingOnManyObjectsCompilesOnce() throws {
        let (container, players, _) = try clubsAndPlayers(50)
        let predicate = try FetchPredicate<Player>(format: "name MATCHES 'p1.*' OR level IN {3, 4}")
        let copy = predicate
        let counts = OperationCounts()
        let selected = try OperationCounts.$current.withValue(counts) {
            try players.filter { try predicate.evaluate(with: $0) } + players.filter { try copy.evaluate(with: $0) }
        }
        #expect(selected.map(\.level) == [1, 3, 4] + Array(10...19) + [1, 3, 4] + Array(10...19))
        #expect(counts.regexCompilations == 1)
        withExtendedLifetime(container) {}
    }

    @Test func anotherModelsEntityIsCompiledForItself() throws {
        let (container, players, _) = try clubsAndPlayers(3)
        let other = try PersistentContainer(name: "Other", model: ManagedObjectModel([Region.self, Club.self, Player.self, Medal.self]), store: .inMemory)
        let stranger = try other.viewContext.insert(Player.self)
        stranger.name = "p2"
        let predicate = try FetchPredicate<Player>(format: "name MATCHES 'p2'")
        let counts = OperationCounts()
        let answers = try OperationCounts.$current.withValue(counts) {
            [try predicate.evaluate(with: players[2]), try predicate.evaluate(with: stranger), try predicate.evaluate(with: players[1])]
        }
        #expect(answers == [true, true, false])
        #expect(counts.regexCompilations == 3)
        withExtendedLifetime(container) {}
    }

    @Test func aChangedTreeIsCompiledAgain() throws {
        let (container, players, _) = try clubsAndPlayers(3)
        var predicate = try FetchPredicate<Player>(format: "level == 1")
        #expect(try predicate.evaluate(with: players[1]))
        predicate.node = try FetchPredicate<Player>(format: "level == 2").node
        #expect(try !predicate.evaluate(with: players[1]))
        #expect(try predicate.evaluate(with: players[2]))
        withExtendedLifetime(container) {}
    }

    @Test func equalityAndHashingReadTheTreeOnly() throws {
        let (container, players, _) = try clubsAndPlayers(2)
        let evaluated = try FetchPredicate<Player>(format: "level == 1")
        _ = try evaluated.evaluate(with: players[0])
        let fresh = try FetchPredicate<Player>(format: "level == 1")
        #expect(evaluated == fresh)
        #expect(Set([evaluated, fresh]).count == 1)
        withExtendedLifetime(container) {}
    }
}
