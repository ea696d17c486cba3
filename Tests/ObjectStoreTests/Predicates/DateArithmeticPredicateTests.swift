import Foundation
import ObjectStore
import Testing

/// A date plus or minus seconds is a date, a date minus a date is seconds, in SQL and in memory;
/// other arithmetic on dates is a typed error.
@MainActor @Suite struct DateArithmeticPredicateTests {
    private func players(_ store: ComputedPredicateStore, _ indexes: [Int]) -> [Player] {
        indexes.map { store.players[$0] }
    }

    /// Born 100, 300 and 1000 seconds after 2001-01-01 (p1, p2, p4); p2's mentor is p1.
    private func datedStore() throws -> ComputedPredicateStore {
        let store = try ComputedPredicateStore()
        for (index, seconds) in [(1, 100.0), (2, 300), (4, 1000)] {
            store.players[index].born = Date(timeIntervalSinceReferenceDate: seconds)
        }
        store.players[2].mentor = store.players[1]
        try store.context.save()
        return store
    }

    @Test func secondsMoveADate() throws {
        let store = try datedStore()
        try store.expect("born + 100 == CAST(200, 'NSDate')", selects: players(store, [1]))
        try store.expect("born - 50 > CAST(200, 'NSDate')", selects: players(store, [2, 4]))
        try store.expect("3600 + born > CAST(4000, 'NSDate')", selects: players(store, [4]))
        try store.expect("born - level * 100 == CAST(600, 'NSDate')", selects: players(store, [4]))
        try store.expect("born + age == nil", selects: players(store, [0, 3, 5]))
        try store.expect("born + %@ < %@", 0.5, Date(timeIntervalSinceReferenceDate: 101), selects: players(store, [1]))
    }

    @Test func aDateMinusADateIsSeconds() throws {
        let store = try datedStore()
        try store.expect("born - mentor.born == 200", selects: players(store, [2]))
        try store.expect("born - CAST(0, 'NSDate') == level * 100", selects: players(store, [1]))
        try store.expect("(born - CAST(0, 'NSDate')) / 100 >= 3", selects: players(store, [2, 4]))
        try store.expect("club.players.@max.born - born > 600", selects: players(store, [2]))
    }

    @Test func dateArithmeticWithNowComparesWithTheCompilationsInstant() throws {
        let store = try datedStore()
        store.players[5].born = Date.now.addingTimeInterval(-60)
        try store.context.save()
        try store.expect("born > now() - 3600", selects: players(store, [5]))
        try store.expect("born < now() - 86400", selects: players(store, [1, 2, 4]))
        try store.expect("now() - born < 3600", selects: players(store, [5]))
    }

    @Test func typedDateArithmeticIsTheFormatsTree() throws {
        let store = try datedStore()
        let entity = store.context.model.entity(for: Player.self)
        let cases: [(FetchPredicate<Player>, String)] = [
            (.key(\Player.born) > .now() - 3600, "born > now() - 3600.0"),
            (.key(\Player.born) + 100 < .key(\Player.mentor?.born), "born + 100.0 < mentor.born"),
            (.key(\Player.born) - .key(\Player.mentor?.born) > 10, "born - mentor.born > 10.0"),
        ]
        for (typed, format) in cases {
            #expect(typed.resolvingKeyPaths(on: entity) == (try FetchPredicate<Player>(format: format)).node, "\(typed) is not \(format)")
        }
        try expectSelects(.key(\Player.born) - .key(\Player.mentor?.born) > 10, in: store.context, players(store, [2]))
    }

    @Test func otherArithmeticOnDatesIsATypedError() throws {
        let store = try ComputedPredicateStore()
        let context = store.context
        for format in ["born + born > 1", "1 - born > CAST(0, 'NSDate')", "born / 2 > 1", "-born > 1", "born * 2 > 1"] {
            let error = try #require(try compilationError(format, for: Player.self, in: context), "\(format)")
            #expect("\(error)".contains("born is a date; a date takes + or - a number of seconds, or - another date"), "\(format): \(error)")
        }
        let seconds = try #require(try compilationError("born - born > CAST(0, 'NSDate')", for: Player.self, in: context))
        #expect("\(seconds)".contains("a number"))
    }
}
