import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Objects in the results that a background save updates while the view context holds no
/// instance of them: the controller places them by the new values the save's change set
/// carries, without reading them, and reads them when those values cannot tell (the predicate
/// reads a changed key).
@MainActor @Suite struct MergedValuesTests {
    /// `count` matches saved by a background context, the first half in group A and the rest in
    /// group B (scores 0 to `count` - 1: m0 to m9 in A and m10 to m19 in B for 20), and a
    /// controller of the view context sectioned by group, which has loaded none of them.
    func fixture(_ format: String? = nil, count: Int = 20) throws -> (ManagedObjectContext, FetchedResultsController<Match>, DeliveryRecorder<Match, ObjectID>, [ObjectID]) {
        let container = try TestModel.inMemory()
        let writer = container.newBackgroundContext()
        let ids = try writer.performAndWait {
            let matches = try (0..<count).map { try writer.insertMatch("m\($0)", group: $0 < count / 2 ? "A" : "B", score: $0) }
            try writer.save()
            return matches.map(\.objectID)
        }
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(format), managedObjectContext: container.viewContext, sectionNameKeyPath: "group")
        let recorder = DeliveryRecorder<Match, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        return (writer, controller, recorder, ids)
    }

    /// Runs `edit` on `writer` with the objects of `ids` and saves, then waits for the
    /// controller's next delivery.
    func save(_ writer: ManagedObjectContext, _ ids: [ObjectID], recorder: DeliveryRecorder<Match, ObjectID>, _ edit: @escaping ([Match]) -> Void) async throws {
        let count = recorder.deliveries.count
        try writer.performAndWait {
            edit(try ids.map { try writer.existingObject(with: $0, as: Match.self) })
            try writer.save()
        }
        let deadline = ContinuousClock.now + mainActorPatience
        while recorder.deliveries.count == count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try #require(recorder.deliveries.count == count + 1)
    }

    /// Checks the last delivery against the one before it and against a fresh fetch of object
    /// IDs per section (which loads no object).
    func expectFreshResults(_ controller: FetchedResultsController<Match>, _ recorder: DeliveryRecorder<Match, ObjectID>, _ format: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deliveries = recorder.deliveries
        let new = try #require(deliveries.last)
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try new.batchUpdate.validate(from: deliveries[deliveries.count - 2].snapshot, to: new.snapshot) }
        let context = controller.managedObjectContext
        #expect(new.snapshot.numberOfItems == (try context.fetchObjectIDs(try matchRequest(format))).count, sourceLocation: sourceLocation)
        for group in new.snapshot.sectionIdentifiers {
            let fresh = try context.fetchObjectIDs(try matchRequest("(\(format ?? "TRUEPREDICATE")) AND group == %@", group))
            #expect(new.snapshot.itemIdentifiers(inSection: group) == fresh, "section \(group)", sourceLocation: sourceLocation)
        }
    }

    @Test func sortAndSectionKeyChangesPlaceUnloadedObjectsWithoutReadingThem() async throws {
        let (writer, controller, recorder, ids) = try fixture()
        let context = controller.managedObjectContext
        // A fault holds no values: it is placed the same way, and stays a fault.
        _ = context.object(with: ids[4])
        try await save(writer, [ids[2], ids[4], ids[6]], recorder: recorder) { matches in
            matches[0].score = 8
            matches[1].group = "B"
            matches[2].title = "renamed"
        }
        for id in [ids[2], ids[4]] { #expect(!context.hasLoadedObject(with: id)) }
        let delivery = try #require(recorder.last)
        #expect(Set(delivery.snapshot.reconfiguredItemIdentifiers) == [ids[2], ids[4], ids[6]])
        #expect(delivery.snapshot.itemIdentifiers(inSection: "A") == [0, 1, 3, 5, 6, 7, 2, 8, 9].map { ids[$0] })
        #expect(delivery.snapshot.itemIdentifiers(inSection: "B").first == ids[4])
        try expectFreshResults(controller, recorder)
    }

    @Test func aChangedKeyThePredicateReadsIsReadFromTheStore() async throws {
        let format = "score < 100"
        let (writer, controller, recorder, ids) = try fixture(format)
        try await save(writer, [ids[3], ids[5]], recorder: recorder) { matches in
            matches[0].score = 500
            matches[1].score = 50
        }
        let delivery = try #require(recorder.last)
        #expect(!delivery.snapshot.itemIdentifiers.contains(ids[3]))
        #expect(delivery.snapshot.itemIdentifiers(inSection: "A").last == ids[5])
        try expectFreshResults(controller, recorder, format)
    }

    /// Random background saves (sort and section keys, titles, inserts, deletes; one or two at a
    /// time, sometimes followed by a read of the view context before their merges, which then
    /// sees past the first of two) against two controllers, one whose predicate reads the sort
    /// key: after each step both show what a fresh fetch returns, and every delivery's batch
    /// update leads from the delivery before it.
    @Test func randomSavesKeepEveryDeliveryExact() async throws {
        let (writer, controller, recorder, ids) = try fixture(count: 400)
        let context = controller.managedObjectContext
        let format = "score < 300"
        let filtered = FetchedResultsController<Match>(fetchRequest: try matchRequest(format), managedObjectContext: context, sectionNameKeyPath: "group")
        let filteredRecorder = DeliveryRecorder<Match, ObjectID>()
        filtered.delegate = filteredRecorder
        try filtered.performFetch()
        var live = ids
        var random = SplitMix64(seed: 7)
        for step in 0..<150 {
            for _ in 0..<(random.next() % 3 == 0 ? 2 : 1) {
                let edits = (0..<(1 + random.next() % 6)).map { _ in (kind: random.next() % 6, pick: Int(random.next() % 1_000), value: Int(random.next() % 400)) }
                live = try writer.performAndWait {
                    var current = live
                    for edit in edits {
                        if edit.kind == 4 || current.isEmpty {
                            current.append(try writer.insertMatch("n\(step)", group: edit.value % 2 == 0 ? "A" : "C", score: edit.value).objectID)
                            continue
                        }
                        let index = edit.pick % current.count
                        let match = try writer.existingObject(with: current[index], as: Match.self)
                        switch edit.kind {
                        case 0, 1: match.score = edit.value
                        case 2: match.group = ["A", "B", "C"][edit.value % 3]
                        case 3: match.title = "t\(edit.value)"
                        default:
                            writer.delete(match)
                            current.remove(at: index)
                        }
                    }
                    try writer.save()
                    return current
                }
            }
            if random.next() % 4 == 0 { _ = try context.fetchObjectIDs(try matchRequest()) }
            try await settle([(controller, nil), (filtered, format)], on: context, "step \(step)")
        }
        for recorder in [recorder, filteredRecorder] {
            for (old, new) in zip(recorder.deliveries, recorder.deliveries.dropFirst()) {
                #expect(new.previousSnapshot == old.snapshot)
                #expect(throws: Never.self) { try new.batchUpdate.validate(from: old.snapshot, to: new.snapshot) }
            }
        }
    }

    /// Waits until each controller shows what a fresh fetch of object IDs per section returns
    /// (which loads no object), for at most ``mainActorPatience``; records an issue when one does
    /// not.
    func settle(_ controllers: [(FetchedResultsController<Match>, String?)], on context: ManagedObjectContext, _ label: String) async throws {
        let deadline = ContinuousClock.now + mainActorPatience
        while ContinuousClock.now < deadline {
            if try controllers.allSatisfy({ try shows(fresh: $0.0, $0.1, in: context) }) { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("\(label): a controller did not reach the results of a fresh fetch within \(mainActorPatience)")
    }

    /// Whether `controller` shows, section by section, the object IDs a fresh fetch returns.
    func shows(fresh controller: FetchedResultsController<Match>, _ format: String?, in context: ManagedObjectContext) throws -> Bool {
        let snapshot = controller.snapshot
        var sections: [String] = []
        for group in ["A", "B", "C"] {
            let fresh = try context.fetchObjectIDs(try matchRequest("(\(format ?? "TRUEPREDICATE")) AND group == %@", group))
            if fresh.isEmpty { continue }
            sections.append(group)
            guard snapshot.indexOfSection(group) != nil, snapshot.itemIdentifiers(inSection: group) == fresh else { return false }
        }
        return snapshot.sectionIdentifiers == sections
    }
}
