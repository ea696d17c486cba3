import Foundation
import GRDB
import ObjectStore
import Testing

/// Migrations that cannot run fail with an error that names what stopped them, and leave the
/// store byte for byte as it was.
@Suite struct VersionedMigrationFailureTests {
    private func versionOneStore(levels: [String]) async throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "VersionedFailure")
        let container = try PersistentContainer(
            name: "V", migrationPlan: MigrationPlan(versions: [PlanV1.version], stages: []), store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        try await context.perform {
            for (index, level) in levels.enumerated() {
                let player = try context.insert(PlanV1.Player.self)
                player.name = "P\(index)"
                player.level = level
            }
            try context.save()
        }
        return url
    }


    /// Opening `url` with `plan` throws an error `matches` accepts; the file does not change.
    private func expectRefused(_ url: URL, _ plan: MigrationPlan, _ matches: (ObjectStoreError) -> Bool) throws {
        let before = try StoreFileSnapshot.checkpointed(url)
        #expect {
            _ = try PersistentContainer(name: "V", migrationPlan: plan, store: StoreDescription(location: .file(url)))
        } throws: { error in
            guard let error = error as? ObjectStoreError else { return false }
            return matches(error)
        }
        let after = try StoreFileSnapshot.unlogged(url)
        #expect(after == before, "files \(before.neighbours) became \(after.neighbours); bytes \(after.bytes == before.bytes ? "equal" : "changed")")
    }

    @Test func unconvertibleValueFailsNamingTheObjectAndValue() async throws {
        let url = try await versionOneStore(levels: ["2", "high", "4"])
        let plan = MigrationPlan(versions: [PlanV1.version, PlanV2.version], stages: [.lightweight(from: "1", to: "2")])
        try expectRefused(url, plan) { error in
            guard case .migrationFailed(let failure) = error else { return false }
            return failure.entity == "Athlete" && failure.property == "level" && failure.value == "\"high\""
                && failure.objectKey != nil && failure.source == "1" && failure.destination == "2"
        }
    }

    @Test func conversionThatThrowsFailsNamingTheObject() async throws {
        struct Refused: Error {}
        let url = try await versionOneStore(levels: ["2"])
        let plan = MigrationPlan(
            versions: [PlanV1.version, PlanV2.version],
            stages: [.lightweight(from: "1", to: "2", conversions: [
                .convert(entity: "Athlete", attribute: "level", from: String.self, to: Int.self) { _ in throw Refused() },
            ])])
        try expectRefused(url, plan) { error in
            guard case .migrationFailed(let failure) = error else { return false }
            return failure.property == "level" && failure.value == "\"2\""
        }
    }

    @Test func handlerErrorRollsTheWholeMigrationBack() async throws {
        struct Refused: Error {}
        let url = try await versionOneStore(levels: ["2"])
        let plan = MigrationPlan(
            versions: [PlanV1.version, PlanV2.version, PlanV3.version],
            stages: [
                .lightweight(from: "1", to: "2"),
                .custom(from: "2", to: "3", didMigrate: { context in
                    for athlete in try context.fetch(PlanV3.Athlete.self) { athlete.initials = "X" }
                    try context.save()
                    throw Refused()
                }),
            ])
        try expectRefused(url, plan) { error in
            guard case .migrationFailed(let failure) = error else { return false }
            return failure.source == "2" && failure.destination == "3" && failure.reason.contains("didMigrate")
        }
        let container = try PersistentContainer(
            name: "V", migrationPlan: MigrationPlan(versions: [PlanV1.version], stages: []), store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        let levels = try await context.perform { try context.fetch(PlanV1.Player.self).map(\.level) }
        #expect(levels == ["2"])
    }

    @Test func storeOfAVersionThePlanDoesNotListIsRefusedUntouched() async throws {
        let url = try await versionOneStore(levels: ["2"])
        _ = try PersistentContainer(
            name: "V", migrationPlan: MigrationPlan(versions: [PlanV1.version, PlanV2.version], stages: [.lightweight(from: "1", to: "2")]),
            store: StoreDescription(location: .file(url)))
        try expectRefused(url, MigrationPlan(versions: [PlanV1.version], stages: [])) { error in
            guard case .unknownModelVersion(let path, let version, let known) = error else { return false }
            return path == url.path && version == "2" && known == ["1"]
        }
    }

    @Test func missingStagesFailNamingBothVersions() async throws {
        let url = try await versionOneStore(levels: ["2"])
        try expectRefused(url, MigrationPlan(versions: [PlanV1.version, PlanV2.version, PlanV3.version], stages: [.lightweight(from: "1", to: "2")])) { error in
            guard case .migrationStagesMissing(_, let from, let to) = error else { return false }
            return from == "2" && to == "3" || from == "1" && to == "3"
        }
    }

    @Test func planOfSeveralVersionsOnAServerStoreFailsSayingItIsSQLiteOnly() {
        let plan = MigrationPlan(versions: [PlanV1.version, PlanV2.version], stages: [.lightweight(from: "1", to: "2")])
        #expect {
            _ = try PersistentContainer(name: "V", migrationPlan: plan, store: StoreDescription(location: .server("db.example/scores")))
        } throws: { error in
            guard case ObjectStoreError.versionedMigrationUnsupported(let server, _) = error else { return false }
            return server == "db.example/scores"
        }
    }

    @Test func typeChangeWithoutAConversionFailsSayingSo() async throws {
        let url = try await versionOneStore(levels: ["2"])
        let plan = MigrationPlan(versions: [ModelVersion("1", model: PlanV1.model), ModelVersion("2", model: DataLevel.model)], stages: [.lightweight(from: "1", to: "2")])
        try expectRefused(url, plan) { error in
            guard case .migrationFailed(let failure) = error else { return false }
            return failure.entity == "Player" && failure.property == "level" && failure.reason.contains("AttributeConversion")
        }
    }
}

/// `level` becomes bytes: no built-in conversion.
enum DataLevel {
    final class Player: ManagedObject {
        @Attribute var name = ""
        @Attribute var score = 0
        @Attribute var level = Data()
        @Relationship(inverse: \Team.players) var team: Team?
        override class var entityName: String { "Player" }
    }
    final class Team: ManagedObject {
        @Attribute var title = ""
        @Relationship var players: Set<Player>
        override class var entityName: String { "Team" }
    }
    static let model = ManagedObjectModel([Player.self, Team.self])
}
