import Foundation
import ObjectStore
import Testing

/// Uniqueness holds for what a save leaves in the store, not for the order it writes rows in:
/// objects may exchange unique values within one save.
@MainActor @Suite struct UniqueValueExchangeTests {
    @Test(arguments: [false, true])
    func twoObjectsSwappingAUniqueValueInOneSaveIsNoViolation(inFile: Bool) async throws {
        let (container, cleanUp) = try Self.container(inFile: inFile)
        defer { cleanUp() }
        let context = container.viewContext
        let (first, second) = try Self.savedSports("Tennis", "Golf", in: context)

        first.name = "Golf"
        second.name = "Tennis"
        try context.save()

        let background = container.newBackgroundContext()
        let stored = try await background.perform {
            var request = FetchRequest<Sport>()
            request.sortDescriptors = [FetchSortDescriptor(\.name)]
            return try background.fetch(request).map { ($0.objectID, $0.name) }
        }
        #expect(stored.map(\.0) == [first.objectID, second.objectID])
        #expect(stored.map(\.1) == ["Golf", "Tennis"])
    }

    @Test func aUniqueValuePassedAlongAChainAndAroundACycleIsNoViolation() async throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let sports = try (0..<5).map { index in
            let sport = try context.insert(Sport.self)
            sport.name = "S\(index)"
            return sport
        }
        try context.save()

        // A chain (S0 → S1's value, S1 → S2's, S2 → a new one) and a three-way cycle.
        sports[0].name = "S1"
        sports[1].name = "S2"
        sports[2].name = "New"
        sports[3].name = "S4"
        sports[4].name = "S3"
        let inserted = try context.insert(Sport.self)
        inserted.name = "S0"
        try context.save()

        let background = container.newBackgroundContext()
        let names = try await background.perform {
            try background.fetch(FetchRequest<Sport>()).reduce(into: [ObjectID: String]()) { $0[$1.objectID] = $1.name }
        }
        #expect(names == [
            sports[0].objectID: "S1", sports[1].objectID: "S2", sports[2].objectID: "New",
            sports[3].objectID: "S4", sports[4].objectID: "S3", inserted.objectID: "S0",
        ])
    }

    @Test func anExchangeThatLeavesADuplicateStillFailsAndWritesNothing() async throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let (first, second) = try Self.savedSports("Tennis", "Golf", in: context)

        first.name = "Golf"
        second.name = "Golf"
        expectSportNameViolation(saving: context)
        let background = container.newBackgroundContext()
        let names = try await background.perform { try background.fetch(FetchRequest<Sport>()).map(\.name).sorted() }
        #expect(names == ["Golf", "Tennis"])
    }

    private static func savedSports(_ firstName: String, _ secondName: String, in context: ManagedObjectContext) throws -> (Sport, Sport) {
        let first = try context.insert(Sport.self), second = try context.insert(Sport.self)
        first.name = firstName
        second.name = secondName
        try context.save()
        return (first, second)
    }

    private static func container(inFile: Bool) throws -> (PersistentContainer, () -> Void) {
        guard inFile else { return (try TestModel.inMemory(), {}) }
        let (container, url) = try TestModel.onDisk(name: "UniqueExchange")
        return (container, { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) })
    }
}
