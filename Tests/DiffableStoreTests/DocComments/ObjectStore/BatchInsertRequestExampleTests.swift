// Guards the examples in the documentation comments of `BatchInsertRequest`
// (Sources/ObjectStore/Batch/BatchInsertRequest.swift).
import DiffableStore
import Foundation
import Testing

@Suite struct BatchInsertRequestExampleTests {
    final class Team: ManagedObject {
        @Attribute(.unique) var name = ""
        @Attribute var rating = 0
        override class var entityName: String { "BatchExampleTeam" }
    }

    private static func context() throws -> (PersistentContainer, ManagedObjectContext) {
        let container = try PersistentContainer(name: "BatchInsert", model: ManagedObjectModel([Team.self]), store: .inMemory)
        return (container, container.newBackgroundContext())
    }

    @Test func teamsAreInsertedOrUpdatedByTheirUniqueName() throws {
        let (_, context) = try Self.context()
        let (counts, ratings) = try context.performAndWait { () throws in
            let lions = try context.insert(Team.self)
            lions.name = "Lions"
            try context.save()
            let request = BatchInsertRequest<Team>(objects: [
                ["name": "Lions", "rating": 1_510],
                ["name": "Tigers", "rating": 1_475],
            ])
            let result = try context.execute(request)
            print(result.insertedObjectIDs.count, "new teams,", result.updatedObjectIDs.count, "updated")
            return ((result.insertedObjectIDs.count, result.updatedObjectIDs.count), try context.fetch(Team.self).map { "\($0.name) \($0.rating)" }.sorted())
        }
        #expect(counts == (1, 1))
        #expect(ratings == ["Lions 1510", "Tigers 1475"])
    }

    @Test func aFillClosureSetsEachNumberedRow() throws {
        let (_, context) = try Self.context()
        let names = try context.performAndWait { () throws in
            let request = BatchInsertRequest<Team>(count: 1_000) { number, row in
                row.set(\.name, to: "team \(number)")
            }
            try context.execute(request)
            return Set(try context.fetch(Team.self).map(\.name))
        }
        #expect(names == Set((0..<1_000).map { "team \($0)" }))
    }
}
