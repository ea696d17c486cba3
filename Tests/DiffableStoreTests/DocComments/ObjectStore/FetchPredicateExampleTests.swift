// Guards the examples in the documentation comments of `FetchPredicate` and the types it is
// built from: Sources/ObjectStore/Predicate/FetchPredicate.swift, FetchPredicate+Compound.swift,
// FetchPredicate+Format.swift, FetchPredicateError.swift, Text/ComparisonOptions.swift,
// Typed/KeyExpression.swift and Typed/PredicateArgument.swift.
import DiffableStore
import Testing

@Suite struct FetchPredicateExampleTests {
    typealias Sport = SampleScores.Sport
    typealias Event = SampleScores.Event

    /// Football (live Final, 20,000; Derby, 20; Friendly, 10) and Tennis (live Ärger im
    /// Finale, 12,000).
    func saved() throws -> PersistentContainer {
        let container = try SampleScores.container()
        try SampleScores.save([
            "Football": [("Final", 20_000), ("Derby", 20), ("Friendly", 10)],
            "Tennis": [("Ärger im Finale", 12_000)],
        ], in: container)
        return container
    }

    /// `FetchPredicate`'s example (FetchPredicate.swift), verbatim; the test fetches with each
    /// predicate.
    @Test func formatTypedAndCombinedPredicatesSelectTheSameWay() throws {
        let container = try saved()

        // Format string, with arguments:
        let live = try FetchPredicate<Event>(format: "isLive == YES AND sport.name ==[c] %@", "football")
        // Typed, checked by the compiler:
        let typed: FetchPredicate<Event> = \Event.isLive == true && \Event.sport?.name == "Football"
        // Combined:
        var request = FetchRequest<Event>()
        request.predicate = live || .key(\.title).beginsWith("Final")

        #expect(try SampleScores.titles(matching: live, in: container) == ["Final"])
        #expect(try SampleScores.titles(matching: typed, in: container) == ["Final"])
        #expect(try SampleScores.titles(matching: request.predicate, in: container) == ["Final"])
    }

    /// `init(orPredicateWithSubpredicates:)`'s example (FetchPredicate+Compound.swift),
    /// verbatim; the test supplies the codes `ids`.
    @Test func anOrOfSubpredicatesPicksAnyOfThem() throws {
        let container = try saved()
        let ids = ["Derby", "Friendly"]

        let picked = FetchPredicate<Event>(orPredicateWithSubpredicates: ids.map { \Event.code == $0 })

        #expect(try SampleScores.titles(matching: picked, in: container) == ["Derby", "Friendly"])
    }

    /// `init(format:_:)`'s example (FetchPredicate+Format.swift), verbatim.
    @Test func aFormatNamesKeysAndTakesArguments() throws {
        let container = try saved()

        let predicate = try FetchPredicate<Event>(format: "%K BEGINSWITH[cd] %@ AND attendance > %d", "title", "fin", 1000)

        #expect(try SampleScores.titles(matching: predicate, in: container) == ["Final"])
    }

    /// `withSubstituting(_:)`'s example (FetchPredicate+Format.swift), verbatim; the test
    /// supplies the request.
    @Test func aTemplatesVariablesAreSubstituted() throws {
        let container = try saved()
        var request = FetchRequest<Event>()

        let template = try FetchPredicate<Event>(format: "attendance > $MIN")
        request.predicate = template.withSubstituting(["MIN": 1000])

        #expect(try SampleScores.titles(matching: request.predicate, in: container) == ["Final", "Ärger im Finale"])
    }

    /// `FetchPredicateError`'s example (FetchPredicateError.swift), verbatim, with `print`
    /// captured.
    @Test func aSyntaxErrorNamesTheTokenAndItsOffset() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }

        do {
            _ = try FetchPredicate<Event>(format: "name == AND x")
        } catch FetchPredicateError.unexpectedToken(let token, let offset, _, _) {
            print(token, offset) // AND 8
        } catch {}

        #expect(printed.all == ["AND 8"])
    }

    /// `ComparisonOptions`'s example (ComparisonOptions.swift), verbatim.
    @Test func caseAndDiacriticsAreIgnoredByFormatOrByOptions() throws {
        let container = try saved()

        let predicate = try FetchPredicate<Event>(format: "title BEGINSWITH[cd] %@", "arger")
        // the same, typed:
        let typed = FetchPredicate<Event>.key(\.title).beginsWith("arger", options: [.caseInsensitive, .diacriticInsensitive])

        #expect(try SampleScores.titles(matching: predicate, in: container) == ["Ärger im Finale"])
        #expect(try SampleScores.titles(matching: typed, in: container) == ["Ärger im Finale"])
    }

    /// `KeyExpression`'s example (KeyExpression.swift), verbatim; the test fetches the sports
    /// each predicate selects.
    @Test func keyExpressionsCompareKeysQuantifiersCountsTotalsAndArithmetic() throws {
        let container = try saved()

        let predicates: [FetchPredicate<Sport>] = [
            .key(\.name).beginsWith("foot", options: .caseInsensitive),
            .any(\.events, \.attendance) > 10_000,
            .count(\.events) >= 3,
            .count(\.events, where: \Event.attendance > 10_000) > 0,
            .sum(\.events, \.attendance) > 15_000,
            .sum(\.events, \.attendance) / .count(\.events) > 10_000,
        ]

        let context = container.newBackgroundContext()
        let names = try context.performAndWait { () throws in
            try predicates.map { predicate in
                try context.fetch(FetchRequest(predicate: predicate, sortDescriptors: [FetchSortDescriptor(\.name)])).map(\.name)
            }
        }
        #expect(names == [["Football"], ["Football", "Tennis"], ["Football"], ["Football", "Tennis"], ["Football"], ["Tennis"]])
    }

    /// `PredicateArgument`'s example (PredicateArgument.swift), verbatim; the test supplies the
    /// sport `football`.
    @Test func objectsAndArraysStandForFormatArguments() throws {
        let container = try saved()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let football = try #require(try context.fetch(FetchRequest(where: \Sport.name, equals: "Football")).first)

            let predicate = try FetchPredicate<Event>(format: "sport == %@ AND attendance IN %@", football, [10, 20])

            #expect(try context.fetch(FetchRequest(predicate: predicate, sortDescriptors: [FetchSortDescriptor(\.start)])).map(\.title) == ["Derby", "Friendly"])
        }
    }
}
