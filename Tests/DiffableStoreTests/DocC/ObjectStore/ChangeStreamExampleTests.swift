// Guards the examples of the change stream article:
// Sources/ObjectStore/Documentation.docc/ChangeStream.md.
import DiffableStore
import Testing
import TestSupport

@MainActor @Suite struct ChangeStreamExampleTests {
    typealias Event = SampleScores.Event

    @MainActor final class ScoresModel {
        let context: ManagedObjectContext
        var token: ObservationToken?

        init(container: PersistentContainer) {
            context = container.viewContext
            token = context.addMainActorChangeObserver { [weak self] event in
                self?.apply(event)                       // main-actor state, read and written directly
            }
        }

        var kinds: [ChangeEvent.Kind] = []
        func apply(_ event: ChangeEvent) { kinds.append(event.kind) }
    }

    @MainActor final class LiveEventIDs {
        let context: ManagedObjectContext
        let query: CompiledFetchRequest<Event>
        private(set) var ids: Set<ObjectID> = []
        private var position: Int64 = 0
        private var token: ObservationToken?

        init(_ request: FetchRequest<Event>, in container: PersistentContainer) throws {
            context = container.viewContext
            query = try CompiledFetchRequest(request, model: context.model)
            token = context.addMainActorChangeObserver { [weak self] event in self?.follow(event) }
            let fetched = try context.fetch(request)
            ids = Set(fetched.objectIDs)
            position = fetched.sequenceNumber
        }

        private func follow(_ event: ChangeEvent) {
            guard event.sequenceNumber > position, query.canChangeResults(event) else { return }
            let listed = event.insertedObjectIDs.union(event.updatedObjectIDs).union(event.deletedObjectIDs)
                .union(event.refreshedObjectIDs).union(event.invalidatedObjectIDs)
            for id in listed where id.entity === query.entity {
                let object = context.object(with: id) as! Event
                if (try? query.includes(object)) == true { ids.insert(id) } else { ids.remove(id) }
            }
        }
    }

    /// The "Observing" snippet, verbatim apart from `…`, where the test records the event and
    /// stops, and `print`, captured; the test supplies a background context and a save.
    @Test func anObserverAndASequenceHearTheSameEvents() async throws {
        let printed = LogLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let container = try SampleScores.container()
        let context = container.newBackgroundContext()
        let heard = LogLines()

        let token = context.addChangeObserver { event in     // on the context's queue
            print(event.sequenceNumber, event.kind, event.changedKeys)
        }

        let events = context.changeEvents()
        try context.performAndWait { () throws in
            try context.insert(Event.self).title = "Final"
            try context.save()
        }
        for await event in events { heard.append("\(event.sequenceNumber) \(event.kind)"); break }

        #expect(printed.all.first == "1 pendingChanges [:]")
        #expect(heard.all == ["1 pendingChanges"])
        token.cancel()
    }

    /// The main-actor model of "The view context and the main actor", verbatim apart from the
    /// body of `apply(_:)`, the test's, which records the kinds of the events.
    @Test func aMainActorModelHearsTheViewContextOnTheMainActor() throws {
        let container = try SampleScores.container()
        let model = ScoresModel(container: container)
        try model.context.insert(Event.self).title = "Final"
        model.context.processPendingChanges()
        #expect(model.kinds == [.pendingChanges])
    }

    /// The model of "Fetch, then follow", verbatim: it keeps the IDs of the live events through
    /// saves merged from the background, as a fresh fetch gives them.
    @Test func aFetchFollowedByTheEventsAboveItStaysAFreshFetch() async throws {
        let container = try SampleScores.container()
        let saved = try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)
        let live = try LiveEventIDs(FetchRequest(predicate: try FetchPredicate(format: "isLive == YES")), in: container)
        #expect(live.ids == [saved[0]])
        let added = try SampleScores.save(["Tennis": [("Open", 100)]], in: container)
        try await container.performBackgroundTask { writer in
            try writer.existingObject(with: saved[0], as: Event.self).isLive = false
            try writer.save()
        }
        await eventually { live.ids == Set(added) }
        #expect(try container.viewContext.fetchObjectIDs(FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))) == added)
    }

    /// The "One object" snippet, verbatim apart from `print`, captured, its loop in a task;
    /// between its two lines the test renames the event in a background context, then deletes
    /// it, which ends the loop.
    @Test func theChangesOfOneObjectListItsChangedKeys() async throws {
        let printed = LogLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        let container = try SampleScores.container()
        let eventID = try SampleScores.save(["Football": [("Final", 900)]], in: container)[0]
        let context = container.newBackgroundContext()

        let changes = context.changes(for: eventID)          // from the next event on
        let edits = Task {
            try await context.perform {
                let event = try context.existingObject(with: eventID, as: Event.self)
                event.title = "Grand final"
                context.processPendingChanges()
                context.delete(event)
                try context.save()
            }
        }
        let loop = Task {
            for await change in changes where change.kind == .updated {
                print(change.changedKeys)
            }
        }

        await value(of: loop)
        try await edits.value
        #expect(printed.all == ["[\"title\"]"])
    }
}
