import DiffableSnapshots
import FetchedResults
import ObjectStore
import Testing

/// Object IDs in the repeat check of large snapshot appends.
@MainActor @Suite struct ObjectIDWordTests {
    @Test func objectIDsOfSeveralEntitiesAreCheckedForRepeatsByTheirWords() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let matches = try (0..<1_500).map { try context.insertMatch("m\($0)") }
        let sports = try (0..<100).map { try context.insertSport("s\($0)") }
        try context.save()
        let ids = matches.map(\.objectID) + sports.map(\.objectID)
        #expect((ObjectID.self as Any.Type) is any WordIdentifier.Type)
        #expect(ids.withUnsafeBytes { ObjectID.firstRepeat(in: $0) } == nil)
        let repeated = ids + [sports[40].objectID, matches[700].objectID]
        #expect(repeated.withUnsafeBytes { ObjectID.firstRepeat(in: $0) } == ids.count)

        var snapshot = DiffableDataSourceSnapshot<Int, ObjectID>()
        snapshot.appendSections([0])
        snapshot.appendItems(ids)
        #expect(ids.indices.allSatisfy { snapshot.indexOfItem(ids[$0]) == $0 })
    }
}
