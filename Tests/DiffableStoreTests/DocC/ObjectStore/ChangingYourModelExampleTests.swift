// Guards the examples of the article on changing the model:
// Sources/ObjectStore/Documentation.docc/ChangingYourModel.md.
import DiffableStore
import Foundation
import Testing

enum ScoresV1 {
    final class Player: ManagedObject {
        @Attribute var name = ""
        @Attribute var rating = 0
        override class var entityName: String { "Player" }
    }
    static let version = ModelVersion("1", model: ManagedObjectModel([Player.self]))
}

enum ScoresV2 {
    final class Athlete: ManagedObject {
        @Attribute var fullName = ""
        @Attribute var rating = ""          // was an integer
        @Attribute var initials = ""
        override class var entityName: String { "Athlete" }
        override class var renamingIdentifier: String? { "Player" }
        override class var renamingIdentifiers: [String: String] { ["fullName": "name"] }
    }
    static let version = ModelVersion("2", model: ManagedObjectModel([Athlete.self]))
}

@Suite struct ChangingYourModelExampleTests {
    /// A version-1 store holding Ann Lee, rated `rating`.
    private func versionOneStore(rating: Int) throws -> StoreDescription {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ChangingYourModel-\(UUID().uuidString).sqlite")
        let store = StoreDescription(location: .file(url))
        let container = try PersistentContainer(name: "Scores", migrationPlan: MigrationPlan(versions: [ScoresV1.version], stages: []), store: store)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let player = try context.insert(ScoresV1.Player.self)
            player.name = "Ann Lee"
            player.rating = rating
            try context.save()
        }
        return store
    }

    /// The article's first example, verbatim: the renamed, converted and filled-in athlete.
    @Test func customStageFillsTheNewAttributeAfterRenamesAndConversion() throws {
        let store = try versionOneStore(rating: 1_500)
        let plan = MigrationPlan(
            versions: [ScoresV1.version, ScoresV2.version],
            stages: [
                .custom(from: "1", to: "2", didMigrate: { context in
                    for athlete in try context.fetch(ScoresV2.Athlete.self) {
                        athlete.initials = String(athlete.fullName.split(separator: " ").compactMap(\.first))
                    }
                    try context.save()
                }),
            ],
            progress: { progress in print(progress) }   // "stage 1/1 (1 → 2): 500/1000"
        )
        let container = try PersistentContainer(name: "Scores", migrationPlan: plan, store: store)
        let context = container.newBackgroundContext()
        let athletes = try context.performAndWait { () throws in
            try context.fetch(ScoresV2.Athlete.self).map { [$0.fullName, $0.rating, $0.initials] }
        }
        #expect(athletes == [["Ann Lee", "1500", "AL"]])
    }

    /// The article's progress sequence, verbatim: it ends once the container is open.
    @Test func progressUpdatesEndWhenTheContainerIsOpen() async throws {
        let store = try versionOneStore(rating: 1_200)
        var plan = MigrationPlan(versions: [ScoresV1.version, ScoresV2.version], stages: [.lightweight(from: "1", to: "2")])
        let updates = plan.progressUpdates()
        let watcher = Task {
            for await update in updates { print("\(Int(update.fractionCompleted * 100))%") }
        }
        let container = try PersistentContainer(name: "Scores", migrationPlan: plan, store: store)
        await watcher.value
        let context = container.newBackgroundContext()
        let ratings = try context.performAndWait { () throws in try context.fetch(ScoresV2.Athlete.self).map(\.rating) }
        #expect(ratings == ["1200"])
    }

    /// The article's conversion, verbatim, in a lightweight stage.
    @Test func conversionOfTheAppDecidesTheNewValue() throws {
        let store = try versionOneStore(rating: 2_100)
        let plan = MigrationPlan(
            versions: [ScoresV1.version, ScoresV2.version],
            stages: [
                .lightweight(from: "1", to: "2", conversions: [
                    .convert(entity: "Athlete", attribute: "rating", from: Int.self, to: String.self) { rating in
                        rating > 2_000 ? "master" : "\(rating)"
                    },
                ]),
            ])
        let container = try PersistentContainer(name: "Scores", migrationPlan: plan, store: store)
        let context = container.newBackgroundContext()
        let ratings = try context.performAndWait { () throws in try context.fetch(ScoresV2.Athlete.self).map(\.rating) }
        #expect(ratings == ["master"])
    }
}
