// Guards the examples in the documentation comments of `FetchedAggregateController` and
// `AggregateGroup`: Sources/FetchedResults/Aggregate/FetchedAggregateController.swift and
// AggregateGroup.swift.
import DiffableStore
import Testing

@Suite struct FetchedAggregateControllerExampleTests {
    typealias Event = SampleScores.Event

    /// `FetchedAggregateController`'s example then `AggregateGroup`'s, verbatim, on a background
    /// context of the test's store.
    @Test func liveEventsAreCountedPerSportAndReadByGroup() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], allLive: true, in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
            request.resultType = .dictionaries
            request.propertiesToGroupBy = ["sport.name"]
            request.propertiesToFetch = ["sport.name", .count(\.title, as: "n")]
            let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
            try controller.performFetch()
            let live = controller.groups?.map { ($0["sport.name"] as? String, $0.value("n", as: Int.self)) }

            let football = controller.groups?.first { $0["sport.name"] as? String == "Football" }
            let liveCount = football?.value("n", as: Int.self)

            #expect(live?.map(\.0) == ["Football", "Tennis"])
            #expect(live?.map(\.1) == [2, 1])
            #expect(liveCount == 2)
        }
    }
}
