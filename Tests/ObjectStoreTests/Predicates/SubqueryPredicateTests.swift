import Foundation
import ObjectStore
import Testing

/// `SUBQUERY(collection, $x, predicate).@count`: the members that satisfy a predicate of their
/// own, counted in SQL and in memory alike, nested and combined with everything else.
@MainActor @Suite struct SubqueryPredicateTests {
    @Test func aSubqueryCountsTheMembersItsPredicateSelects() throws {
        let store = try ComputedPredicateStore()
        try store.expect("SUBQUERY(players, $p, $p.level > 2).@count == 2", selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, $p.level > 2).@count > 0", selects: [store.lions, store.bears])
        try store.expect("SUBQUERY(players, $p, TRUEPREDICATE).@count == 0", selects: [store.empty])
        // An unknown member predicate does not count the member.
        try store.expect("SUBQUERY(players, $p, $p.age < 3 OR $p.age >= 3).@count == 2", selects: [store.lions, store.bears])
        try store.expect("SUBQUERY(players, $p, $p.age == nil).@count == 1", selects: [store.lions, store.bears])
    }

    @Test func theMemberItselfAndItsRelationshipsAreWrittenFromTheVariable() throws {
        let store = try ComputedPredicateStore()
        try store.expect("SUBQUERY(players, $p, $p == %@).@count == 1", store.players[3], selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, ANY $p.medals.label == 'gold').@count == 1", selects: [store.lions, store.bears])
        try store.expect("SUBQUERY(players, $p, $p.medals.@count > 0 AND $p.club.name == 'Lions').@count > 0", selects: [store.lions])
        try store.expect("SUBQUERY(holders, $h, $h.level * 2 > 3).@count == 1", selects: [store.gold])
    }

    @Test func subqueriesNestAndReachThroughToOneRelationships() throws {
        let store = try ComputedPredicateStore()
        try store.expect("SUBQUERY(club.players, $p, SUBQUERY($p.medals, $m, $m.label BEGINSWITH 'g').@count > 0).@count == 1",
                         selects: store.players)
        try store.expect("SUBQUERY(players, $p, SUBQUERY($p.club.players, $q, $q.level > 4).@count > 0).@count == 3", selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, $p.level > 0).@count + players.@count == 5", selects: [store.lions])
    }

    @Test func variablesToSubstituteWorkInsideASubquery() throws {
        let store = try ComputedPredicateStore()
        let template = try FetchPredicate<Club>(format: "SUBQUERY(players, $p, $p.level >= $MIN).@count >= 2")
        try expectSelects(template.withSubstituting(["MIN": 3]), in: store.context, [store.bears])
    }

    @Test func unsavedMembersAreCountedInMemory() throws {
        let store = try ComputedPredicateStore()
        store.players[4].club = store.empty
        store.players[4].level = 40
        let predicate = try FetchPredicate<Club>(format: "SUBQUERY(players, $p, $p.level == 40).@count == 1")
        #expect(try predicate.evaluate(with: store.empty))
        #expect(try !predicate.evaluate(with: store.lions))
        try store.context.save()
        try expectSelects(predicate, in: store.context, [store.empty])
    }

    @Test func typedSubqueryIsTheFormatsTree() throws {
        let store = try ComputedPredicateStore()
        let entity = store.context.model.entity(for: Club.self)
        let typed: FetchPredicate<Club> = .count(\.players, where: \Player.level > 2 && .count(\.medals) > 0) >= 1
        let format = try FetchPredicate<Club>(format: "SUBQUERY(players, $x, $x.level > 2 AND $x.medals.@count > 0).@count >= 1")
        #expect(typed.resolvingKeyPaths(on: entity) == format.node)
        try expectSelects(FetchPredicate<Club>.count(\.players, where: \Player.level > 2) == 2, in: store.context, [store.bears])
    }

    @Test func misusedSubqueriesAreTypedErrorsThatSayWhatToDo() throws {
        let store = try ComputedPredicateStore()
        let plainKey = try #require(parseError("SUBQUERY(medals, $m, label == 'gold').@count > 0"))
        #expect("\(plainKey)".contains("a key of SUBQUERY's member, written $m.key"))
        let noCount = try #require(parseError("SUBQUERY(medals, $m, $m.label == 'gold') > 0"))
        #expect("\(noCount)".contains(".@count after SUBQUERY"))
        let noVariable = try #require(parseError("SUBQUERY(medals, m, $m.label == 'gold').@count > 0"))
        #expect("\(noVariable)".contains("SUBQUERY's variable"))
        let outer = try #require(parseError("SUBQUERY(medals, $m, SUBQUERY($m.holders, $h, $m.label == 'a').@count > 0).@count > 0"))
        #expect("\(outer)".contains("the innermost SUBQUERY's variable $h"))
        let reused = try #require(parseError("SUBQUERY(medals, $m, SUBQUERY($m.holders, $m, $m.age > 1).@count > 0).@count > 0"))
        #expect("\(reused)".contains("a variable that no enclosing SUBQUERY uses"))
        let toOne = try #require(try compilationError("SUBQUERY(club, $c, $c.rank > 1).@count > 0", for: Player.self, in: store.context))
        #expect("\(toOne)".contains("SUBQUERY's collection must be a to-many relationship"))
        let unknown = try #require(try compilationError("SUBQUERY(medals, $m, $m.weight > 1).@count > 0", for: Player.self, in: store.context))
        #expect(unknown == .unknownKey(entity: "Medal", key: "weight"))
    }
}
