import Foundation
import ObjectStore
import Testing

/// `SUBQUERY(collection, $x, predicate).@count` (and `.@sum`, `.@avg`, `.@min`, `.@max` of a
/// member's key): the members that satisfy a predicate of their own, counted or aggregated in SQL
/// and in memory alike, nested and combined with everything else.
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
        #expect("\(noCount)".contains(".@count, or .@sum, .@avg, .@min or .@max and a key of the members, after SUBQUERY"))
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

    @Test func collectionOperatorsAfterASubqueryAggregateTheMembersItsPredicateSelects() throws {
        let store = try ComputedPredicateStore()
        // Lions hold p0, p2, p4; Bears p1, p3, p5; each player's level is its number.
        try store.expect("SUBQUERY(players, $p, $p.level > 1).@sum.level == 6", selects: [store.lions])
        try store.expect("SUBQUERY(players, $p, $p.level > 1).@sum.level == 0", selects: [store.empty])
        try store.expect("SUBQUERY(players, $p, $p.age == nil).@avg.level > 1", selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, $p.age == nil).@avg.level == nil", selects: [store.empty])
        try store.expect("SUBQUERY(players, $p, $p.level >= 2).@min.level == 2", selects: [store.lions])
        try store.expect("SUBQUERY(players, $p, $p.level < 4).@max.name == 'p3'", selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, $p.medals.@count > 0).@sum.level == 1", selects: [store.bears])
        try store.expect("SUBQUERY(players, $p, $p.level > 0).@sum.level - SUBQUERY(players, $p, $p.level > 2).@sum.level == 2", selects: [store.lions])
        try store.expect("SUBQUERY(club.players, $p, $p.level > 3).@sum.level == 4", selects: [store.players[0], store.players[2], store.players[4]])
        try store.expect("SUBQUERY(players, $p, $p.club.name == 'Bears' AND $p.level != 3).@max.level == 5", selects: [store.bears])
    }

    @Test func unsavedMembersAreAggregatedInMemoryAndInSQLOnceSaved() throws {
        let store = try ComputedPredicateStore()
        store.players[4].club = store.empty
        store.players[0].level = 7
        let predicate = try FetchPredicate<Club>(format: "SUBQUERY(players, $p, $p.level > 3).@sum.level == 7")
        #expect(try predicate.evaluate(with: store.lions))
        #expect(try !predicate.evaluate(with: store.bears))
        #expect(try !predicate.evaluate(with: store.empty))
        try store.context.save()
        try expectSelects(predicate, in: store.context, [store.lions])
    }

    @Test func typedSubqueryOperatorsAreTheFormatsTree() throws {
        let store = try ComputedPredicateStore()
        let entity = store.context.model.entity(for: Club.self)
        let pairs: [(FetchPredicate<Club>, String)] = [
            (.sum(\.players, \.level, where: \Player.level > 1) == 6, "SUBQUERY(players, $x, $x.level > 1).@sum.level == 6.0"),
            (.average(\.players, \.level, where: \Player.age == nil) > 1, "SUBQUERY(players, $x, $x.age == nil).@avg.level > 1.0"),
            (.min(\.players, \.level, where: \Player.level >= 2) == 2, "SUBQUERY(players, $x, $x.level >= 2).@min.level == 2"),
            (.max(\.players, \.name, where: \Player.level < 4) == "p3", "SUBQUERY(players, $x, $x.level < 4).@max.name == 'p3'"),
        ]
        for (typed, format) in pairs {
            #expect(typed.resolvingKeyPaths(on: entity) == (try FetchPredicate<Club>(format: format)).node, "\(format) vs \(typed.resolvingKeyPaths(on: entity))")
        }
        try expectSelects(FetchPredicate<Club>.sum(\.players, \.level, where: \Player.level > 1) == 8, in: store.context, [store.bears])
    }

    @Test func misusedSubqueryOperatorsAreTypedErrorsThatSayWhatToDo() throws {
        let store = try ComputedPredicateStore()
        let noKey = try #require(parseError("SUBQUERY(players, $p, $p.level > 1).@sum > 0"))
        #expect("\(noKey)".contains("a key of SUBQUERY's members after @sum"))
        let unknownOperator = try #require(parseError("SUBQUERY(players, $p, $p.level > 1).@median.level > 0"))
        #expect("\(unknownOperator)".contains(".@count, or .@sum, .@avg, .@min or .@max"))
        let text = try #require(try compilationError("SUBQUERY(players, $p, $p.level > 1).@sum.name > 0", for: Club.self, in: store.context))
        #expect("\(text)".contains("@sum applies to numbers"))
        let unknown = try #require(try compilationError("SUBQUERY(players, $p, $p.level > 1).@avg.weight > 0", for: Club.self, in: store.context))
        #expect(unknown == .unknownKey(entity: "Club", key: "SUBQUERY(players, $p, $p.level > 1).@avg.weight"))
    }
}
