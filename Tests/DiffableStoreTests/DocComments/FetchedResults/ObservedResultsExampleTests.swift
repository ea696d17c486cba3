// Guards the examples in the documentation comments of `ObservedResults`:
// Sources/FetchedResults/Observation/ObservedResults.swift and ObservedResults+Fetch.swift.
import DiffableStore
import Observation
import Testing
import TestSupport

@MainActor @Suite struct ObservedResultsExampleTests {
    typealias Event = SampleScores.Event

    /// The type's example, verbatim; the test supplies the request, a view context with two
    /// events, `show` and `refresh`, then saves a third event.
    @Test func aTrackingScopeThatReadTheObjectsIsToldOfTheNextDelivery() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)
        let request = FetchRequest<Event>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.start)])
        let shown = LogLines()
        let refreshed = LogLines()
        func show(_ titles: [String]) { shown.append(titles.joined(separator: ", ")) }
        @Sendable func refresh() { refreshed.append("refresh") }

        let controller = FetchedResultsController(fetchRequest: request,
                                                  managedObjectContext: container.viewContext)
        try controller.performFetch()
        let results = ObservedResults(controller)

        withObservationTracking {
            show(results.objects.map(\.title))   // read again at the next delivery
        } onChange: {
            Task { @MainActor in refresh() }
        }

        #expect(shown.all == ["Final, Semi"])
        try SampleScores.save(["Tennis": [("Open", 100)]], in: container)
        await eventually(within: mainActorPatience / .seconds(1)) { refreshed.all == ["refresh"] }
        #expect(Set(results.objects.map(\.title)) == ["Final", "Semi", "Open"])
    }

    /// `init(fetchRequest:context:sectionNameKeyPath:)`'s example, verbatim apart from the
    /// last expression, checked with `#expect`; the test supplies a view context with two events.
    @Test func resultsOfAFetchRequestListTheEvents() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)

        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.start)]
        let events = try ObservedResults(fetchRequest: request, context: container.viewContext)
        #expect(events.objects.map(\.title) == ["Final", "Semi"])
    }
}
