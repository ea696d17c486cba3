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
    /// Twenty matches saved by a background context, m0 to m9 in group A and m10 to m19 in
    /// group B (scores 0 to 19), and a controller of the view context sectioned by group, which
    /// has loaded none of them.
    func fixture(_ format: String? = nil) throws -> (ManagedObjectContext, FetchedResultsController<Match>, DeliveryRecorder<Match, ObjectID>, [ObjectID]) {
        let container = try TestModel.inMemory()
        let writer = container.newBackgroundContext()
        let ids = try writer.performAndWait {
            let matches = try (0..<20).map { try writer.insertMatch("m\($0)", group: $0 < 10 ? "A" : "B", score: $0) }
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
        let deadline = ContinuousClock.now + .seconds(60)
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

    @Test func successiveSavesOfTheSameObjectsKeepTheirPlacesExact() async throws {
        let (writer, controller, recorder, ids) = try fixture()
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let picked = Array(Set((0..<4).map { _ in ids[Int(random.next() % 20)] }))
            let values = picked.map { _ in (score: Int(random.next() % 40), group: random.next() % 2 == 0 ? "A" : "B") }
            try await save(writer, picked, recorder: recorder) { matches in
                for (match, value) in zip(matches, values) {
                    match.score = value.score
                    match.group = value.group
                }
            }
            try expectFreshResults(controller, recorder)
        }
    }
}
