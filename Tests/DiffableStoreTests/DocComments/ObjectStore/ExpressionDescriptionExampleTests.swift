// Guards the examples in the documentation comments of `ExpressionDescription` and
// `FetchExpression`: Sources/ObjectStore/Fetch/ExpressionDescription.swift and
// FetchExpression.swift.
import DiffableStore
import Testing

@Suite struct ExpressionDescriptionExampleTests {
    typealias Event = SampleScores.Event

    /// `ExpressionDescription`'s example, verbatim; the test fetches with the request.
    @Test func liveEventsAreCountedPerSport() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], in: container)

        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
        request.resultType = .dictionaries
        request.propertiesToFetch = ["sport.name", .count(\.title, as: "n")]
        request.propertiesToGroupBy = ["sport.name"]

        let context = container.newBackgroundContext()
        let rows = try context.performAndWait { () throws in try context.fetchDictionaries(request) }
        #expect(rows.map { $0["n"] as? Int } == [1, 1])
    }

    /// `FetchExpression`'s example, verbatim; the test names the expressions and fetches them.
    @Test func expressionsAreMadeByFunctionAndKey() throws {
        let total = FetchExpression<Event>.sum(\.attendance)
        let named = FetchExpression<Event>.count("sport.name")

        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)
        var request = FetchRequest<Event>()
        request.resultType = .dictionaries
        request.propertiesToFetch = [.expression(ExpressionDescription(name: "total", expression: total)), .expression(ExpressionDescription(name: "named", expression: named))]
        let context = container.newBackgroundContext()
        let rows = try context.performAndWait { () throws in try context.fetchDictionaries(request) }
        #expect(rows.first?["total"] as? Int == 1700)
        #expect(rows.first?["named"] as? Int == 2)
        #expect(total.function == .sum && named.function == .count)
    }
}
