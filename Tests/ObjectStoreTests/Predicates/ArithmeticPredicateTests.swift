import Foundation
import ObjectStore
import Testing

/// Arithmetic in comparisons: computed in floating point in SQL and in memory, `*` and `/`
/// before `+` and `-`, nil for a nil operand and for a division by zero.
@MainActor @Suite struct ArithmeticPredicateTests {
    private func players(_ store: ComputedPredicateStore, _ indexes: [Int]) -> [Player] {
        indexes.map { store.players[$0] }
    }

    @Test func operatorsBindByPrecedenceThenLeftToRight() throws {
        let store = try ComputedPredicateStore()
        try store.expect("level * 2 > 6", selects: players(store, [4, 5]))
        try store.expect("level + 2 * 3 == 9", selects: players(store, [3]))
        try store.expect("(level + 2) * 3 == 9", selects: players(store, [1]))
        try store.expect("10 - level - 1 == 5", selects: players(store, [4]))
        try store.expect("10 - (level - 1) == 8", selects: players(store, [3]))
        try store.expect("level / 2 * 4 == level + level", selects: store.players)
    }

    @Test func divisionIsFloatingPointAndNilForZero() throws {
        let store = try ComputedPredicateStore()
        try store.expect("level / 2 == 1.5", selects: players(store, [3]))
        try store.expect("10 / level > 4", selects: players(store, [1, 2]))
        try store.expect("10 / level == nil", selects: players(store, [0]))
        try store.expect("NOT (10 / level > 4)", selects: players(store, [3, 4, 5]))
    }

    @Test func aNilOperandMakesTheComparisonUnknown() throws {
        let store = try ComputedPredicateStore()
        try store.expect("age - age == 0", selects: players(store, [1, 2, 4, 5]))
        try store.expect("age + level == nil", selects: players(store, [0, 3]))
        try store.expect("NOT (age + 1 > 3)", selects: players(store, [1, 2]))
        try store.expect("level + %@ > 0", nil, selects: [Player]())
    }

    @Test func hugeIntegersDoNotTrap() throws {
        let store = try ComputedPredicateStore()
        store.players[5].level = .max
        store.players[4].level = .min
        try store.context.save()
        try store.expect("level * 2 > 1.8e19", selects: players(store, [5]))
        try store.expect("level - 1 < -9.2e18", selects: players(store, [4]))
        // 2⁶³ - 1 read as a double is 2⁶³: adding 1 changes nothing.
        try store.expect("level + 1 == level * 1 AND level > 100", selects: players(store, [5]))
    }

    @Test func arithmeticReadsToOneRelationshipsCountsAndCollectionOperators() throws {
        let store = try ComputedPredicateStore()
        store.lions.rank = 10
        try store.context.save()
        try store.expect("level + club.rank > 12", selects: players(store, [4]))
        try store.expect("club.players.@count * 2 - level == 1", selects: players(store, [5]))
        try store.expect("players.@sum.level / players.@count == 2", selects: [store.lions])
        try store.expect("medals.@count + level * %d >= %f", 10, 25.0, selects: players(store, [3, 4, 5]))
        try store.expect("ANY holders.level < holders.@count * 1.5", selects: [store.gold])
    }

    @Test func unaryMinusNegatesKeysGroupsAndCollectionOperators() throws {
        let store = try ComputedPredicateStore()
        try store.expect("-level > -3", selects: players(store, [0, 1, 2]))
        try store.expect("-(level - 5) == 2", selects: players(store, [3]))
        try store.expect("- -level == 4", selects: players(store, [4]))
        try store.expect("-level * 2 == -8", selects: players(store, [4]))
        try store.expect("2 - -level == 3", selects: players(store, [1]))
        try store.expect("-age == nil", selects: players(store, [0, 3]))
        try store.expect("-players.@sum.level < -8", selects: [store.bears])
        // `-3` stays a literal; `-` before an argument negates it.
        try store.expect("level > -3 AND -%d < -level", 4, selects: players(store, [0, 1, 2, 3]))
    }

    @Test func unaryMinusPrintsAsWrittenAndParsesBack() throws {
        let cases = ["-level > 1", "-(level - 1) > 1", "-level * 2 > 1", "2 * -level > 1", "-(level * 2) > 1", "level > -3"]
        for format in cases {
            let predicate = try FetchPredicate<Player>(format: format)
            #expect(predicate.description == format)
            #expect(try FetchPredicate<Player>(format: predicate.description) == predicate)
        }
        let negatedLiteral = try FetchPredicate<Player>(format: "- -3 < level")
        #expect(try FetchPredicate<Player>(format: negatedLiteral.description) == negatedLiteral)
    }

    @Test func typedArithmeticIsTheFormatsTree() throws {
        let store = try ComputedPredicateStore()
        let entity = store.context.model.entity(for: Player.self)
        let cases: [(FetchPredicate<Player>, String)] = [
            (.key(\Player.level) * 2 > 6, "level * 2.0 > 6.0"),
            ((.key(\Player.level) + .key(\Player.age)) * 3 >= 1, "(level + age) * 3.0 >= 1.0"),
            (10 - .key(\Player.level) / .count(\.medals) == nil, "10.0 - level / medals.@count == nil"),
            (-.key(\Player.level) > -3, "-level > -3.0"),
            (-(.key(\Player.level) - .key(\Player.age)) == 1, "-(level - age) == 1.0"),
        ]
        for (typed, format) in cases {
            #expect(typed.resolvingKeyPaths(on: entity) == (try FetchPredicate<Player>(format: format)).node, "\(typed) is not \(format)")
        }
        try expectSelects(.key(\Player.level) * 2 > 6, in: store.context, players(store, [4, 5]))
    }

    @Test func aChainOfOperatorsAtTheNestingLimitRunsInSQL() throws {
        let store = try ComputedPredicateStore()
        let depth = FetchPredicate<Player>.formatNestingLimit - 1
        let chain = "(" + Array(repeating: "level", count: depth).joined(separator: " + ") + ")"
        let nested = chain + " / \(depth) == 5"
        try store.expect(nested, selects: players(store, [5]))
        let grouped = (0..<8).reduce("level") { text, _ in "(\(text) * 1)" } + " > 3 AND " + chain + " > 0"
        try store.expect(grouped, selects: players(store, [4, 5]))
    }

    @Test func parenthesesStillGroupPredicates() throws {
        let store = try ComputedPredicateStore()
        try store.expect("(level > 3)", selects: players(store, [4, 5]))
        try store.expect("((level + 1) > 3 AND (name == 'p4' OR level == 5))", selects: players(store, [4, 5]))
        try store.expect("NOT ((level) * (2) < 4)", selects: players(store, [2, 3, 4, 5]))
    }

    @Test func misusedArithmeticIsATypedErrorThatSaysWhatToDo() throws {
        let store = try ComputedPredicateStore()
        let context = store.context
        let text = try #require(try compilationError("name + 1 > 2", for: Player.self, in: context))
        #expect("\(text)".contains("arithmetic applies to numbers, and name is a string"))
        let toMany = try #require(try compilationError("medals.label * 2 > 2", for: Player.self, in: context))
        #expect("\(toMany)".contains("use @sum, @avg, @min, @max, @count or SUBQUERY"))
        let textConstant = try #require(try compilationError("level + 'a' > 2", for: Player.self, in: context))
        #expect("\(textConstant)".contains("arithmetic applies to numbers, not to \"a\""))
        let date = try #require(try compilationError("born * 2 > 2", for: Player.self, in: context))
        #expect("\(date)".contains("born is a date"))
        let negatedText = try #require(try compilationError("-name == 'a'", for: Player.self, in: context))
        #expect("\(negatedText)".contains("arithmetic applies to numbers, and name is a string"))
        #expect(parseError("level == -") != nil)
        let negations = "level > " + String(repeating: "-", count: 40) + "level"
        #expect(parseError(negations).map { if case .nestingTooDeep = $0 { true } else { false } } == true)
        #expect(parseError("level + > 2") != nil)
        #expect(parseError("(level + 1 > 2") != nil)
        let chain = Array(repeating: "level", count: 40).joined(separator: " + ") + " > 1"
        #expect(parseError(chain).map { if case .nestingTooDeep = $0 { true } else { false } } == true)
    }
}
