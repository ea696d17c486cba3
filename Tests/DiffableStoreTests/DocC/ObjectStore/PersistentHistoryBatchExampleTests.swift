// Guards the example of the section "Batch operations" in
// Sources/ObjectStore/Documentation.docc/PersistentHistory.md.
import DiffableStore
import Foundation
import Testing
import TestSupport

@Suite struct PersistentHistoryBatchExampleTests {
    final class Team: ManagedObject {
        @Attribute(.unique) var name = ""
        @Attribute var rating = 0
        override class var entityName: String { "HistoryBatchExampleTeam" }
    }

    final class Match: ManagedObject {
        @Attribute var isLive = false
        @Attribute var start = Date(timeIntervalSinceReferenceDate: 0)
        override class var entityName: String { "HistoryBatchExampleMatch" }
    }

    @Test func anUpsertAndADeleteReachAMergingContext() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("HistoryBatchExample-\(UUID().uuidString).sqlite")
        let container = try PersistentContainer(name: "Batch", model: ManagedObjectModel([Team.self, Match.self]), store: StoreDescription(location: .file(url)))
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let context = container.newBackgroundContext()
        let cutoff = Date(timeIntervalSinceReferenceDate: 100)
        let lions = try context.performAndWait { () throws in
            let lions = try context.insert(Team.self)
            lions.name = "Lions"
            for day in [0, 50, 150] {
                try context.insert(Match.self).start = Date(timeIntervalSinceReferenceDate: Double(day))
            }
            try context.save()
            return lions.objectID
        }
        let shown = try viewer.performAndWait { () throws in try viewer.existingObject(with: lions) as! Team }
        let deleted = try context.performAndWait { () throws in
            // Upsert by the entity's uniqueness constraint: existing teams re-rated, new ones inserted.
            let ratings = BatchInsertRequest<Team>(objects: [["name": "Lions", "rating": 1_510]])
            try context.execute(ratings)

            // The delete rules hold: cascade and nullify run as SQL, deny fails the whole request.
            var finished = FetchRequest<Match>()
            finished.predicate = try FetchPredicate(format: "isLive == NO AND start < %@", cutoff)
            let deleted = try context.execute(BatchDeleteRequest(finished))
            return deleted
        }
        #expect(deleted.count == 2)
        await eventually { viewer.performAndWait { shown.rating == 1_510 } }
        #expect(try viewer.performAndWait { () throws in try viewer.count(for: FetchRequest<Match>()) } == 1)
    }
}
