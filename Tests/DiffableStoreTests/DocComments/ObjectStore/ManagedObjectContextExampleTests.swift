// Guards the examples in the documentation comments of `ManagedObjectContext`:
// Sources/ObjectStore/Context/ManagedObjectContext.swift, +Objects.swift, +Fetch.swift and
// +ChangeStream.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct ManagedObjectContextExampleTests {
    typealias Event = SampleScores.Event

    @MainActor final class EventsModel {
        var changed: Set<ObjectID> = []
        var token: ObservationToken?
        init(container: PersistentContainer) {
            token = container.viewContext.addMainActorChangeObserver { [weak self] event in
                self?.changed.formUnion(event.updatedObjectIDs)
            }
        }
    }

    /// The type's example (ManagedObjectContext.swift), verbatim, on the main actor for the view
    /// context; the test supplies the container.
    @MainActor @Test func anObjectIDCarriesAnObjectToAnotherContext() async throws {
        let container = try SampleScores.container()

        let context = container.newBackgroundContext()
        let id = try await context.perform {
            let event = try context.insert(Event.self)
            event.title = "Final"
            try context.save()
            return event.objectID
        }
        let event = try container.viewContext.existingObject(with: id) as! Event

        #expect(event.title == "Final")
    }

    /// `perform(_:)`'s example (ManagedObjectContext.swift), verbatim; the test supplies a
    /// context of a store with one event.
    @Test func performRunsOnTheContextsQueueAndReturnsTheResult() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()

        let count = try await context.perform { try context.count(for: FetchRequest<Event>()) }

        #expect(count == 1)
    }

    /// `insert(_:)`'s example (ManagedObjectContext+Objects.swift), verbatim; the test supplies
    /// the context.
    @Test func insertGivesAnObjectItsPermanentID() throws {
        let container = try SampleScores.container()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let event = try context.insert(Event.self)
            let id = event.objectID
            try context.save()
            #expect(event.objectID == id)
        }
    }

    /// `execute(_:)`'s example (ManagedObjectContext+Fetch.swift), verbatim apart from `…`,
    /// where the test reads the rows; it supplies the request and the context.
    @Test func executeReturnsWhatTheResultTypeAsksFor() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()
        var request = FetchRequest<Event>()
        var titles: [String] = []
        try context.performAndWait { () throws in
            request.resultType = .dictionaries
            request.propertiesToFetch = ["title", "sport.name"]
            if case .dictionaries(let rows) = try context.execute(request) { titles = rows.compactMap { $0["title"] as? String } }
        }
        #expect(titles == ["Final"])
    }

    /// `executeReportingSequenceNumber(_:)`'s example (ManagedObjectContext+Fetch.swift),
    /// verbatim apart from `…`, where the test records the events it keeps; it supplies the
    /// predicate `live` and the context.
    @Test func eventsAboveTheReportedPositionAreTheOnesAfterTheResult() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()
        let live = try FetchPredicate<Event>(format: "isLive == YES")
        let kept = LogLines()
        try context.performAndWait { () throws in
            try context.insert(Event.self).title = "before"
            var request = FetchRequest<Event>(predicate: live)
            request.resultType = .managedObjectIDs
            let (result, position) = try context.executeReportingSequenceNumber(request)
            let token = context.addChangeObserver { event in
                guard event.sequenceNumber > position else { return }   // already in the result
                kept.append("\(event.kind) \(event.insertedObjectIDs.count)")
            }
            if case .objectIDs(let ids) = result { #expect(ids.count == 1) }
            try context.insert(Event.self).title = "after"
            context.processPendingChanges()
            token.cancel()
        }
        #expect(kept.all == ["pendingChanges 1"])
    }

    /// `addChangeObserver(_:)`'s example (ManagedObjectContext+ChangeStream.swift), verbatim,
    /// with `print` captured; the test supplies the context and an update of one event.
    @Test func anObserverHearsEachEventWithItsNumberKindAndObjects() throws {
        let printed = LogLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let token = context.addChangeObserver { event in
                print(event.sequenceNumber, event.kind, event.updatedObjectIDs)
            }
            try context.existingObject(with: ids[0], as: Event.self).title = "Cup final"
            context.processPendingChanges()
            token.cancel()
        }
        #expect(printed.all == ["1 pendingChanges \(Set(ids))"])
    }

    /// The main-actor model of `addMainActorChangeObserver(_:)` (ManagedObjectContext+ChangeStream.swift),
    /// verbatim; the test supplies the container and a merged save.
    @MainActor @Test func aMainActorModelReadsItsStateInTheObserver() async throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let model = EventsModel(container: container)
        try container.viewContext.existingObject(with: ids[0], as: Event.self).title = "Cup final"
        container.viewContext.processPendingChanges()
        #expect(model.changed == Set(ids))
    }

    /// `changeEvents()`'s example (ManagedObjectContext+ChangeStream.swift), verbatim apart
    /// from `…`, where the test records the event and stops; it supplies the container.
    @MainActor @Test func theChangeEventsArriveAsASequence() async throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        Task { @MainActor in
            try container.viewContext.existingObject(with: ids[0], as: Event.self).title = "Cup final"
        }
        var kinds: [ChangeEvent.Kind] = []
        for await event in container.viewContext.changeEvents() { kinds.append(event.kind); break }
        #expect(kinds == [.pendingChanges])
    }
}
