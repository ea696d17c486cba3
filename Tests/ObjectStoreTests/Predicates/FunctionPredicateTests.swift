import Foundation
import ObjectStore
import Testing

/// `NSExpression`'s built-in functions in predicates (`abs`, `floor`, `ceiling`, `trunc`,
/// `sqrt`, `modulus:by:`, `lowercase`, `uppercase`, `now`), in both spellings, the same in SQL
/// and in memory; unknown functions and misused ones are typed errors.
@MainActor @Suite struct FunctionPredicateTests {
    private func players(_ store: ComputedPredicateStore, _ indexes: [Int]) -> [Player] {
        indexes.map { store.players[$0] }
    }

    /// Scores -2.5, 2.5, 4, nil, -0.5, 9 for p0…p5.
    private func scoredStore() throws -> ComputedPredicateStore {
        let store = try ComputedPredicateStore()
        for (index, score) in [-2.5, 2.5, 4, nil, -0.5, 9].enumerated() { store.players[index].score = score }
        try store.context.save()
        return store
    }

    @Test func numericFunctionsRoundAndMeasureNumbers() throws {
        let store = try scoredStore()
        try store.expect("abs(score) == 2.5", selects: players(store, [0, 1]))
        try store.expect("floor(score) == -3", selects: players(store, [0]))
        try store.expect("ceiling(score) == 3", selects: players(store, [1]))
        try store.expect("trunc(score) == 0", selects: players(store, [4]))
        try store.expect("trunc(score) == -2 OR trunc(score) == 2", selects: players(store, [0, 1]))
        try store.expect("abs(level - 3) <= 1", selects: players(store, [2, 3, 4]))
        try store.expect("abs(-level) == level", selects: store.players)
    }

    @Test func squareRootAndModulusAreNilWhereTheyHaveNoNumber() throws {
        let store = try scoredStore()
        try store.expect("sqrt(score) == 3", selects: players(store, [5]))
        try store.expect("sqrt(score) == nil", selects: players(store, [0, 3, 4]))
        try store.expect("modulus:by:(level, 3) == 1", selects: players(store, [1, 4]))
        try store.expect("modulus:by:(score, 2) == -0.5", selects: players(store, [0, 4]))
        try store.expect("modulus:by:(level, 0) == nil", selects: store.players)
        try store.expect("modulus:by:(level, age) == 0", selects: players(store, [1, 2, 4, 5]))
    }

    @Test func caseFunctionsMapStringsWithoutALocale() throws {
        let store = try ComputedPredicateStore()
        for (index, name) in ["Ann", "ÉMILE", "straße", nil, "bob", "ß"].enumerated() { store.players[index].name = name }
        try store.context.save()
        try store.expect("lowercase(name) == 'émile'", selects: players(store, [1]))
        try store.expect("uppercase(name) == 'STRASSE'", selects: players(store, [2]))
        try store.expect("uppercase(name) == 'SS'", selects: players(store, [5]))
        try store.expect("lowercase(name) == nil", selects: players(store, [3]))
        // Modifiers fold the function's result.
        try store.expect("lowercase(name) ==[c] 'ANN'", selects: players(store, [0]))
        try store.expect("uppercase(name) BEGINSWITH 'B' OR lowercase(name) IN {'ann'}", selects: players(store, [0, 4]))
    }

    @Test func selectorAndFunctionSpellingsAreTheSameFunctions() throws {
        let store = try scoredStore()
        try store.expect("abs:(score) == 2.5", selects: players(store, [0, 1]))
        try store.expect("FUNCTION(score, 'abs:') == 2.5", selects: players(store, [0, 1]))
        try store.expect("FUNCTION(level, 'modulus:by:', 3) == 1", selects: players(store, [1, 4]))
        try store.expect("function(name, 'uppercase') == 'P2'", selects: players(store, [2]))
        let spellings = try ["abs(score) > 1", "abs:(score) > 1", "FUNCTION(score, 'abs:') > 1"].map { try FetchPredicate<Player>(format: $0) }
        #expect(Set(spellings).count == 1)
        #expect(spellings[0].description == "abs(score) > 1")
        #expect(try FetchPredicate<Player>(format: "modulus:by:(level, 2) == 1").description == "modulus:by:(level, 2) == 1")
    }

    @Test func functionsWorkInsideSubqueriesAndOnCollectionOperators() throws {
        let store = try scoredStore()
        try store.expect("SUBQUERY(players, $p, abs($p.score) > 3).@count == 1", selects: [store.lions, store.bears])
        // Lions average (-2.5 + 4 - 0.5) / 3, Bears (2.5 + 9) / 2.
        try store.expect("floor(players.@avg.score) == 0", selects: [store.lions])
        try store.expect("ceiling(players.@avg.score) == 6", selects: [store.bears])
        try store.expect("ANY players.name == lowercase('P1')", selects: [store.bears])
    }

    @Test func nowIsTheInstantTheRequestIsCompiled() throws {
        let store = try ComputedPredicateStore()
        store.players[1].born = Date(timeIntervalSinceReferenceDate: 100)
        store.players[2].born = Date.now.addingTimeInterval(1_000_000)
        try store.context.save()
        try store.expect("born < now()", selects: players(store, [1]))
        try store.expect("born > now() + 3600", selects: players(store, [2]))
        try store.expect("now() - born > 86400", selects: players(store, [1]))
        let predicate = try FetchPredicate<Player>(format: "born > now()")
        let entity = store.context.model.entity(for: Player.self)
        let early = try BoundPredicate(predicate.node, entity: entity, now: Date(timeIntervalSinceReferenceDate: 50))
        let late = try BoundPredicate(predicate.node, entity: entity, now: Date(timeIntervalSinceReferenceDate: 150))
        #expect(early.readsClock && late.readsClock)
        #expect(try early.evaluate(store.players[1]))
        #expect(try !late.evaluate(store.players[1]))
        #expect(try !BoundPredicate(FetchPredicate<Player>(format: "born > %@", Date.now).node, entity: entity).readsClock)
    }

    @Test func typedFunctionsAreTheFormatsTree() throws {
        let store = try scoredStore()
        let entity = store.context.model.entity(for: Player.self)
        let cases: [(FetchPredicate<Player>, String)] = [
            (.abs(.key(\Player.score)) > 2, "abs(score) > 2.0"),
            (.floor(.key(\Player.score)) == -3, "floor(score) == -3.0"),
            (.ceiling(.key(\Player.level) / 2) == 1, "ceiling(level / 2.0) == 1.0"),
            (.trunc(.key(\Player.score)) != 0, "trunc(score) != 0.0"),
            (.sqrt(.key(\Player.score)) == 3, "sqrt(score) == 3.0"),
            (.modulus(.key(\Player.level), by: 3) == 1, "modulus:by:(level, 3.0) == 1.0"),
            (.modulus(.key(\Player.level), by: .key(\Player.age)) == 0, "modulus:by:(level, age) == 0.0"),
            (.lowercase(.key(\Player.name)) == "p1", "lowercase(name) == 'p1'"),
            (.uppercase(.key(\Player.nick)) == "", "uppercase(nick) == ''"),
        ]
        for (typed, format) in cases {
            #expect(typed.resolvingKeyPaths(on: entity) == (try FetchPredicate<Player>(format: format)).node, "\(typed) is not \(format)")
        }
        try expectSelects(.abs(.key(\Player.score)) > 2, in: store.context, players(store, [0, 1, 2, 5]))
    }

    @Test func unknownAndMisusedFunctionsAreTypedErrorsThatSayWhatToDo() throws {
        let store = try ComputedPredicateStore()
        let context = store.context
        #expect(parseError("length(name) > 3") == .unknownFunction("length", offset: 0, format: "length(name) > 3"))
        #expect(parseError("FUNCTION(score, 'median:') > 1") == .unknownFunction("median:", offset: 16, format: "FUNCTION(score, 'median:') > 1"))
        #expect("\(parseError("length(name) > 3")!)".contains("use now(), abs(x)"))
        #expect(parseError("abs: > 1") == .unknownFunction("abs:", offset: 0, format: "abs: > 1"))
        let arity = try #require(parseError("abs(score, 2) > 1"))
        #expect("\(arity)".contains("1 argument(s) for abs:, got 2"))
        #expect(parseError("now(1) > born") != nil)
        #expect(parseError("FUNCTION(score, abs) > 1") != nil)
        let text = try #require(try compilationError("abs(name) > 1", for: Player.self, in: context))
        #expect("\(text)".contains("abs: applies to numbers, and name is a string"))
        let number = try #require(try compilationError("lowercase(level) == 'a'", for: Player.self, in: context))
        #expect("\(number)".contains("lowercase: applies to strings, and level is a number"))
        let toMany = try #require(try compilationError("abs(medals.label) > 1", for: Player.self, in: context))
        #expect("\(toMany)".contains("use @sum, @avg, @min, @max, @count or SUBQUERY"))
        let date = try #require(try compilationError("now() > 3", for: Player.self, in: context))
        #expect("\(date)".contains("date"))
    }
}
