import Foundation
import ObjectStore
import Testing

/// `@sum`, `@avg`, `@min` and `@max` over a to-many relationship, in SQL and in memory: nil
/// values left out, 0 for the `@sum` of none, nil for the others of none; `@min` and `@max` pick
/// strings by bytes and decimals by value.
@MainActor @Suite struct CollectionOperatorTests {
    @Test func sumTotalsTheMembersAndIsZeroForNoMembers() throws {
        let store = try ComputedPredicateStore()
        try store.expect("players.@sum.level == 9", selects: [store.bears])
        try store.expect("players.@sum.level == 6", selects: [store.lions])
        try store.expect("players.@sum.age == 6", selects: [store.lions, store.bears])
        try store.expect("players.@sum.age == 0", selects: [store.empty])
        try store.expect("players.@sum.level < 7", selects: [store.lions, store.empty])
    }

    @Test func averageMinimumAndMaximumOfNoMembersAreNil() throws {
        let store = try ComputedPredicateStore()
        try store.expect("players.@avg.age == 3", selects: [store.lions, store.bears])
        try store.expect("players.@avg.level == 1.5E0 + 1.5", selects: [store.bears])
        try store.expect("players.@avg.age == nil", selects: [store.empty])
        try store.expect("players.@min.age == nil AND players.@max.age == nil", selects: [store.empty])
        try store.expect("players.@min.age == 1", selects: [store.bears])
        try store.expect("players.@max.age >= 5", selects: [store.bears])
        // Unknown for no members, and so is its negation.
        try store.expect("players.@avg.age < 100", selects: [store.lions, store.bears])
        try store.expect("NOT (players.@avg.age < 100)", selects: [Club]())
    }

    @Test func collectionOperatorsReachThroughToOneRelationshipsOnBothSides() throws {
        let store = try ComputedPredicateStore()
        store.lions.rank = 7
        store.players[5].mentor = store.players[4]
        try store.context.save()
        try store.expect("club.players.@sum.level == 9", selects: [1, 3, 5].map { store.players[$0] })
        try store.expect("club.players.@max.club.rank == 7", selects: [0, 2, 4].map { store.players[$0] })
        try store.expect("players.@sum.mentor.level == 4", selects: [store.bears])
        try store.expect("holders.@max.level == 2", selects: [store.gold])
    }

    @Test func minimumAndMaximumOfDatesCompareWithDates() throws {
        let store = try ComputedPredicateStore()
        store.players[1].born = Date(timeIntervalSinceReferenceDate: 100)
        store.players[3].born = Date(timeIntervalSinceReferenceDate: 300)
        try store.context.save()
        try store.expect("players.@max.born > %@", Date(timeIntervalSinceReferenceDate: 200), selects: [store.bears])
        try store.expect("players.@min.born == CAST(100, \"NSDate\")", selects: [store.bears])
    }

    @Test func minimumAndMaximumOfStringsPickByBytesAndFoldAfterPicking() throws {
        let store = try ComputedPredicateStore()
        for (index, name) in ["b", "Z", "é", "e\u{301}", "a", "E"].enumerated() { store.players[index].name = name }
        try store.context.save()
        // Byte order: "Z" < "b" (Lions: b, é, a; Bears: Z, e + U+0301, E).
        try store.expect("players.@min.name == 'a'", selects: [store.lions])
        try store.expect("players.@min.name == 'E'", selects: [store.bears])
        try store.expect("players.@max.name == 'é'", selects: [store.lions])
        try store.expect("players.@max.name == %@", "e\u{301}", selects: [store.bears])
        // The folding of [c] and [d] applies to the value picked, not to the order.
        try store.expect("players.@max.name ==[cd] 'E'", selects: [store.lions, store.bears])
        try store.expect("players.@min.name BEGINSWITH[c] 'e'", selects: [store.bears])
        try store.expect("players.@max.name == nil", selects: [store.empty])
    }

    @Test func minimumAndMaximumOfDecimalsPickByValue() throws {
        let store = try ComputedPredicateStore()
        let salaries: [Decimal?] = [Decimal(string: "10.5"), Decimal(string: "9"), Decimal(string: "-100"), nil, Decimal(string: "2.25"), Decimal(string: "0.001")]
        for (index, salary) in salaries.enumerated() { store.players[index].salary = salary }
        try store.context.save()
        // As text "10.5" < "2.25" < "9"; by value 2.25 < 9 < 10.5.
        try store.expect("players.@max.salary == 10.5", selects: [store.lions])
        try store.expect("players.@min.salary == -100", selects: [store.lions])
        try store.expect("players.@max.salary == CAST('9', 'NSDecimalNumber')", selects: [store.bears])
        try store.expect("players.@min.salary < 0.01", selects: [store.lions, store.bears])
        try store.expect("players.@max.salary > 1e300", selects: [Club]())
        try store.expect("players.@min.salary == nil", selects: [store.empty])
    }

    @Test func sumsOfHugeIntegersDoNotTrapAndAgreeToTheBit() throws {
        let store = try ComputedPredicateStore()
        store.players[0].level = .max
        store.players[2].level = .max
        store.players[1].score = 0.1
        store.players[3].score = 0.2
        store.players[5].score = 0.3
        try store.context.save()
        try store.expect("players.@sum.level > 1.8e19", selects: [store.lions])
        // The exact total rounded once (0.6, where adding in turn gives 0.6000000000000001),
        // whatever order the members are read in.
        try store.expect("players.@sum.score == %@", 0.6, selects: [store.bears])
        try store.expect("players.@avg.score == %@", 0.6 / 3, selects: [store.bears])
    }

    @Test func unsavedMembersCountInMemory() throws {
        let store = try ComputedPredicateStore()
        let player = try store.context.insert(Player.self)
        player.level = 50
        player.club = store.empty
        let predicate = try FetchPredicate<Club>(format: "players.@sum.level >= 50")
        #expect(try predicate.evaluate(with: store.empty))
        #expect(try !predicate.evaluate(with: store.bears))
        var request = FetchRequest<Club>(predicate: predicate)
        request.includesPendingChanges = true
        #expect(try store.context.fetch(request).map(\.objectID) == [store.empty.objectID])
    }

    @Test func typedCollectionOperatorsAreTheFormatsTree() throws {
        let store = try ComputedPredicateStore()
        let entity = store.context.model.entity(for: Club.self)
        let cases: [(FetchPredicate<Club>, String)] = [
            (.sum(\.players, \.level) > 6, "players.@sum.level > 6.0"),
            (.average(\.players, \.age) == nil, "players.@avg.age == nil"),
            (.min(\.players, \.age) <= 1, "players.@min.age <= 1"),
            (.max(\.players, \.born) == nil, "players.@max.born == nil"),
            (.min(\.players, \.name) == "a", "players.@min.name == 'a'"),
            (.max(\.players, \.salary) > Decimal(2), "players.@max.salary > CAST('2', 'NSDecimalNumber')"),
        ]
        for (typed, format) in cases {
            #expect(typed.resolvingKeyPaths(on: entity) == (try FetchPredicate<Club>(format: format)).node, "\(typed) is not \(format)")
        }
        try expectSelects(FetchPredicate<Club>.sum(\.players, \.level) > 6, in: store.context, [store.bears])
    }

    @Test func misusedCollectionOperatorsAreTypedErrorsThatSayWhatToDo() throws {
        let store = try ComputedPredicateStore()
        let context = store.context
        let toOne = try #require(try compilationError("club.@sum.level > 1", for: Player.self, in: context))
        #expect("\(toOne)".contains("@sum applies to a to-many relationship, and club is not one"))
        let text = try #require(try compilationError("players.@sum.name > 1", for: Club.self, in: context))
        #expect("\(text)".contains("@sum applies to numbers, not to a string"))
        let noMember = try #require(try compilationError("players.@avg > 1", for: Club.self, in: context))
        #expect("\(noMember)".contains("@avg needs a member's key after it"))
        let jsonMaximum = try #require(try compilationError("players.@max.stats == nil", for: Club.self, in: context))
        #expect("\(jsonMaximum)".contains("@max applies to values that have an order"))
        let textAgainstNumber = try #require(try compilationError("players.@min.name > 1", for: Club.self, in: context))
        #expect("\(textAgainstNumber)".contains("a string"))
        #expect(parseError("players.@median.age > 1") != nil)
    }
}
