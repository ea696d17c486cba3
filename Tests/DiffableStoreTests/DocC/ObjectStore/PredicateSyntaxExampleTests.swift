// Guards the examples of the predicate syntax article:
// Sources/ObjectStore/Documentation.docc/PredicateSyntax.md.
import DiffableStore
import Foundation
import Testing

@Suite struct PredicateSyntaxExampleTests {
    typealias Event = SampleScores.Event
    typealias Tag = SampleScores.Tag

    /// The article's two predicates, verbatim; the test fetches with each from events of which
    /// one is a football final tagged "derby" before a crowd of 9,000, one a big football match,
    /// one a football test match, and one a tennis final.
    @Test func theFormatAndTheTypedPredicateSelectTheSameEvents() throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save([
            "Football": [("Cup", 9_000), ("League", 20_000), ("Test match", 30_000)],
            "Tennis": [("Open", 50_000)],
        ], in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let derby = try context.insert(Tag.self)
            derby.label = "derby"
            try context.existingObject(with: ids[0], as: Event.self).tags = [derby]
            try context.save()
        }

        let predicate = try FetchPredicate<Event>(
            format: "sport.name ==[c] %@ AND (attendance > %d OR ANY tags.label IN %@) AND NOT title BEGINSWITH 'Test'",
            "football", 10_000, ["final", "derby"])

        let typed: FetchPredicate<Event> =
            \Event.sport?.name == "Football" && (\Event.attendance > 10_000 || .any(\.tags, \.label).in(["final", "derby"]))
                && !FetchPredicate<Event>.key(\.title).beginsWith("Test")

        #expect(try SampleScores.titles(matching: predicate, in: container) == ["Cup", "League"])
        #expect(try SampleScores.titles(matching: typed, in: container) == ["Cup", "League"])
    }

    /// The article's subquery, collection operator and arithmetic examples, verbatim, on
    /// football (a live cup match before 9,000 and two matches before 20,000 and 30,000),
    /// tennis (a live open before 50,000 and a final before 12,000) and golf (one event before 100).
    @Test func subqueriesCollectionOperatorsAndArithmeticSelectTheSportsTheArticleSays() throws {
        typealias Sport = SampleScores.Sport
        let container = try SampleScores.container()
        try SampleScores.save([
            "Football": [("Cup", 9_000), ("League", 20_000), ("Test match", 30_000)],
            "Tennis": [("Open", 50_000), ("Final", 12_000)],
            "Golf": [("Open", 100)],
        ], in: container)

        let crowded = try FetchPredicate<Sport>(format: "SUBQUERY(events, $e, $e.attendance > %d AND $e.isLive == NO).@count >= 2", 10_000)
        let busy = try FetchPredicate<Sport>(format: "events.@sum.attendance / events.@count > 5000 OR events.@max.start > %@", Date.now)
        let typed: FetchPredicate<Sport> = .count(\.events, where: \Event.attendance > 10_000 && \Event.isLive == false) >= 2
        let perGame: FetchPredicate<Sport> = .sum(\.events, \.attendance) / .count(\.events) > 5_000

        let context = container.newBackgroundContext()
        func names(_ predicate: FetchPredicate<Sport>) throws -> [String] {
            try context.performAndWait { () throws in
                try context.fetch(FetchRequest(predicate: predicate, sortDescriptors: [FetchSortDescriptor(\.name)])).map(\.name)
            }
        }
        #expect(try names(crowded) == ["Football"])
        #expect(try names(typed) == ["Football"])
        #expect(try names(busy) == ["Football", "Tennis"])
        #expect(try names(perGame) == ["Football", "Tennis"])
    }
}
