// Guards the examples of the predicate syntax article:
// Sources/ObjectStore/Documentation.docc/PredicateSyntax.md.
import DiffableStore
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
}
