// Guards the examples of the live aggregates article:
// Sources/FetchedResults/Documentation.docc/LiveAggregates.md.
import DiffableStore
import Testing

@MainActor @Suite struct LiveAggregatesExampleTests {
    typealias Event = SampleScores.Event

    /// The article's examples, verbatim, over the view context; a later save of a live event
    /// reaches the observed results, and the ordering example puts the most live events first.
    @Test func liveEventsPerSportStayCurrent() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], allLive: true, in: container)
        let context = container.viewContext

        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
        request.resultType = .dictionaries
        request.propertiesToGroupBy = ["sport.name"]
        request.propertiesToFetch = ["sport.name", .count(\.title, as: "live")]
        let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        let football = controller.groups?.first { $0["sport.name"] as? String == "Football" }
        let live = football?.value("live", as: Int.self)

        let observed = ObservedResults(controller)   // on the main actor, over the view context

        #expect(live == 2)
        #expect(observed.snapshot.numberOfItems == 2)
        try SampleScores.save(["Chess": [("Blitz", 10)]], allLive: true, in: container)
        let deadline = ContinuousClock.now + .seconds(60)
        while observed.snapshot.numberOfItems < 3 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(observed.delivery?.groups.compactMap { $0["sport.name"] as? String } == ["Chess", "Football", "Tennis"])

        request.sortDescriptors = [FetchSortDescriptor("live", ascending: false)]   // most live events first
        let sorted = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
        try sorted.performFetch()
        #expect(sorted.groups?.compactMap { $0["sport.name"] as? String } == ["Football", "Chess", "Tennis"])
    }
}
