// Guards the examples in the documentation comments of `FetchRequest`, `FetchKeyPath`,
// `FetchSortDescriptor` and `FetchedObjects`: Sources/ObjectStore/Fetch/FetchRequest.swift,
// FetchKeyPath.swift, FetchSortDescriptor.swift and FetchedObjects.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct FetchRequestExampleTests {
    typealias Event = SampleScores.Event

    /// `FetchRequest`'s example (FetchRequest.swift), verbatim, on a background context of the
    /// test's store.
    @Test func aRequestFetchesTheLiveEventsOfASport() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            var request = FetchRequest<Event>()
            request.predicate = try FetchPredicate(format: "isLive == YES AND sport.name ==[c] %@", "football")
            request.sortDescriptors = [FetchSortDescriptor(\.start)]
            request.fetchLimit = 20
            let events = try context.fetch(request)

            #expect(events.map(\.title) == ["Final"])
        }
    }

    /// `FetchKeyPath`'s example (FetchKeyPath.swift), verbatim; the test supplies the request
    /// and fetches dictionaries with it.
    @Test func keysAreNamedByStringOrByKeyPath() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        var request = FetchRequest<Event>()
        request.resultType = .dictionaries

        request.propertiesToFetch = ["title", "sport.name", FetchKeyPath(\.start)]

        let context = container.newBackgroundContext()
        let result = try context.performAndWait { () throws in try context.execute(request) }
        guard case .dictionaries(let rows) = result else { Issue.record("not dictionaries"); return }
        #expect(rows.map { Set($0.keys) } == [["title", "sport.name", "start"]])
    }

    /// `FetchSortDescriptor`'s example (FetchSortDescriptor.swift), verbatim; the test supplies
    /// the request and fetches with it.
    @Test func sortDescriptorsOrderByKeysDirectionsAndComparators() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["tennis": [("Open", 100)], "Football": [("Final", 900), ("Semi", 800)]], in: container)
        var request = FetchRequest<Event>()
        request.sortDescriptors = [
            FetchSortDescriptor(\.sport?.name, comparator: .localizedStandard),
            FetchSortDescriptor(\.start, ascending: false),
            FetchSortDescriptor("title"),
        ]
        let context = container.newBackgroundContext()
        let titles = try context.performAndWait { () throws in try context.fetch(request).map(\.title) }
        #expect(titles == ["Semi", "Final", "Open"])
    }

    /// `FetchedObjects`'s example (FetchedObjects.swift), verbatim, with `print` captured; the
    /// test supplies 200 saved events, fetched in a context that has loaded none of them.
    @Test func aBatchedFetchMaterialisesOnlyTheBatchItReads() throws {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        let container = try SampleScores.container()
        try SampleScores.save(["Football": (0..<200).map { ("event \($0)", $0) }], in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            var request = FetchRequest<Event>()
            request.fetchBatchSize = 50
            let events = try context.fetch(request)   // reads only the IDs
            print(events.count)                        // no object materialised yet
            #expect(!events.objectIDs.contains { context.hasLoadedObject(with: $0) })
            print(events[120].title)                   // materialises objects 100..<150 in one query
            let ids = events.objectIDs
            #expect(ids[100..<150].allSatisfy { context.hasLoadedObject(with: $0) })
            #expect(!context.hasLoadedObject(with: ids[99]) && !context.hasLoadedObject(with: ids[150]))
        }
        #expect(printed.all == ["200", "event 120"])
    }
}
