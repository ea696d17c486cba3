// Guards the example of the grouped fetches article:
// Sources/ObjectStore/Documentation.docc/GroupedFetches.md.
import DiffableStore
import Testing

@Suite struct GroupedFetchesExampleTests {
    typealias Event = SampleScores.Event

    /// The article's example, verbatim, on a background context of the test's store; its
    /// comment is the result.
    @Test func liveEventsAreCountedAndSummedPerSport() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], allLive: true, in: container)
        let context = container.newBackgroundContext()
        let perSport = try context.performAndWait { () throws in
            var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
            request.resultType = .dictionaries
            request.propertiesToGroupBy = ["sport.name"]
            request.propertiesToFetch = ["sport.name", .count(\.title, as: "n"), .sum(\.attendance, as: "crowd")]
            request.havingPredicate = try FetchPredicate(format: "n >= 2")
            let perSport = try context.fetchDictionaries(request)
            // [["sport.name": "Football", "n": 2, "crowd": 1700]]
            return perSport
        }
        #expect(perSport.count == 1)
        #expect(perSport.first?["sport.name"] as? String == "Football")
        #expect(perSport.first?["n"] as? Int == 2)
        #expect(perSport.first?["crowd"] as? Int == 1700)
    }

    /// The sorting example, verbatim: groups by crowd, most first, then by name.
    @Test func theBusiestSportsComeFirst() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], allLive: true, in: container)
        let context = container.newBackgroundContext()
        let busiest = try context.performAndWait { () throws in
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.propertiesToGroupBy = ["sport.name"]
            request.propertiesToFetch = ["sport.name", .count(as: "events"), .sum(\.attendance, as: "crowd")]
            request.sortDescriptors = [FetchSortDescriptor("crowd", ascending: false), FetchSortDescriptor(\.sport?.name)]
            request.fetchLimit = 3
            let busiest = try context.fetchDictionaries(request)
            // [["sport.name": "Football", "events": 2, "crowd": 1700], ["sport.name": "Tennis", "events": 1, "crowd": 100]]
            return busiest
        }
        #expect(busiest.map { $0["sport.name"] as? String } == ["Football", "Tennis"])
        #expect(busiest.map { $0["events"] as? Int } == [2, 1])
        #expect(busiest.map { $0["crowd"] as? Int } == [1700, 100])
    }
}
