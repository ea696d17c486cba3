import DiffableSupport
import Foundation
import ObjectStore
import Testing

@Suite struct VersionedMigrationTests {
    private static let renameAndConvert = MigrationPlan(
        versions: [PlanV1.version, PlanV2.version],
        stages: [.lightweight(from: "1", to: "2")])

    /// A version-1 store with two teams and `players` (name, score, level) split between them.
    private func versionOneStore(players: [(String, Int, String)] = [("Ann Lee", 7, "3"), ("Bo Ek", 12, "5")]) async throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "Versioned")
        let plan = MigrationPlan(versions: [PlanV1.version], stages: [])
        let container = try PersistentContainer(name: "V", migrationPlan: plan, store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        try await context.perform {
            let team = try context.insert(PlanV1.Team.self)
            team.title = "Reds"
            for (name, score, level) in players {
                let player = try context.insert(PlanV1.Player.self)
                player.name = name
                player.score = score
                player.level = level
                player.team = team
            }
            try context.save()
        }
        return url
    }

    private func open(_ url: URL, _ plan: MigrationPlan) throws -> PersistentContainer {
        try PersistentContainer(name: "V", migrationPlan: plan, store: StoreDescription(location: .file(url)))
    }

    @Test func lightweightStageRenamesAndConvertsKeepingEveryValue() async throws {
        let url = try await versionOneStore()
        let container = try open(url, Self.renameAndConvert)
        let context = container.newBackgroundContext()
        let athletes = try await context.perform {
            try context.fetch(PlanV2.Athlete.self).map { ($0.fullName, $0.score, $0.level, $0.team?.title) }.sorted { $0.0 < $1.0 }
        }
        #expect(athletes.map(\.0) == ["Ann Lee", "Bo Ek"])
        #expect(athletes.map(\.1) == ["7", "12"])
        #expect(athletes.map(\.2) == [3, 5])
        #expect(athletes.map(\.3) == ["Reds", "Reds"])
    }

    @Test func migratedStoreSavesAndReopensAtTheNewVersion() async throws {
        let url = try await versionOneStore()
        do {
            let container = try open(url, Self.renameAndConvert)
            let context = container.newBackgroundContext()
            try await context.perform {
                let athlete = try context.insert(PlanV2.Athlete.self)
                athlete.fullName = "Cy Do"
                athlete.score = "x"
                try context.save()
            }
        }
        let reopened = try open(url, Self.renameAndConvert)
        let context = reopened.newBackgroundContext()
        let count = try await context.perform { try context.count(for: FetchRequest<PlanV2.Athlete>()) }
        #expect(count == 3)
    }

    @Test func customStageRunsCodeBeforeAndAfterOnEachVersionsObjects() async throws {
        let url = try await versionOneStore(players: [("Ann Lee", 7, "3"), ("", 1, "1"), ("Bo Ek", 12, "5")])
        let plan = MigrationPlan(
            versions: [PlanV1.version, PlanV2.version, PlanV3.version],
            stages: [
                .lightweight(from: "1", to: "2"),
                .custom(
                    from: "2", to: "3",
                    willMigrate: { context in
                        for athlete in try context.fetch(PlanV2.Athlete.self) where athlete.fullName.isEmpty {
                            context.delete(athlete)
                        }
                        try context.save()
                    },
                    didMigrate: { context in
                        for athlete in try context.fetch(PlanV3.Athlete.self) {
                            athlete.initials = String(athlete.fullName.split(separator: " ").compactMap(\.first))
                        }
                        try context.save()
                    }),
            ])
        let container = try open(url, plan)
        let context = container.newBackgroundContext()
        let initials = try await context.perform { try context.fetch(PlanV3.Athlete.self).map(\.initials).sorted() }
        #expect(initials == ["AL", "BE"])
    }

    @Test func conversionOfTheAppsReplacesTheBuiltInOne() async throws {
        let url = try await versionOneStore(players: [("Ann", 7, "three"), ("Bo", 12, "5")])
        let plan = MigrationPlan(
            versions: [PlanV1.version, PlanV2.version],
            stages: [.lightweight(from: "1", to: "2", conversions: [
                .convert(entity: "Athlete", attribute: "level", from: String.self, to: Int.self) { text in
                    Int(text) ?? (text == "three" ? 3 : -1)
                },
            ])])
        let container = try open(url, plan)
        let context = container.newBackgroundContext()
        let levels = try await context.perform { try context.fetch(PlanV2.Athlete.self).map(\.level).sorted() }
        #expect(levels == [3, 5])
    }

    @Test func progressGrowsToTheTotalOfEachStage() async throws {
        let url = try await versionOneStore()
        let reports = Locked<[MigrationProgress]>([])
        var plan = Self.renameAndConvert
        plan.progress = { progress in reports.withLock { $0.append(progress) } }
        _ = try open(url, plan)
        let seen = reports.withLock { $0 }
        #expect(!seen.isEmpty)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completedUnitCount <= $1.completedUnitCount })
        #expect(seen.last?.completedUnitCount == seen.last?.totalUnitCount)
        // Two players, each read once for the renames and once per converted attribute; one team.
        #expect(seen.last?.totalUnitCount == 2 * 3 + 1)
        #expect(seen.allSatisfy { $0.stage == 1 && $0.stageCount == 1 && $0.source == "1" && $0.destination == "2" })
    }

    @Test func progressUpdatesGiveTheCallbacksReportsAndEndWhenTheContainerIsOpen() async throws {
        let url = try await versionOneStore()
        let reports = Locked<[MigrationProgress]>([])
        var plan = Self.renameAndConvert
        plan.progress = { progress in reports.withLock { $0.append(progress) } }
        let updates = plan.progressUpdates()
        let watcher = Task {
            var seen: [MigrationProgress] = []
            for await update in updates { seen.append(update) }
            return seen
        }
        _ = try open(url, plan)
        let seen = await watcher.value
        #expect(!seen.isEmpty)
        #expect(seen == reports.withLock { $0 })
        #expect(seen.last?.completedUnitCount == seen.last?.totalUnitCount)
    }

    @Test func progressUpdatesEndWithoutReportsWhenNothingMigratesOrTheOpenFails() async throws {
        let url = try await versionOneStore()
        var current = MigrationPlan(versions: [PlanV1.version], stages: [])
        let unchanged = current.progressUpdates()
        _ = try open(url, current)
        var unchangedCount = 0
        for await _ in unchanged { unchangedCount += 1 }
        #expect(unchangedCount == 0)

        var missing = MigrationPlan(versions: [PlanV1.version, PlanV2.version], stages: [])
        let failed = missing.progressUpdates()
        #expect(throws: ObjectStoreError.self) { try open(url, missing) }
        var failedCount = 0
        for await _ in failed { failedCount += 1 }
        #expect(failedCount == 0)
    }

    @Test func storeWithoutARecordedVersionIsRecognisedByItsSchema() async throws {
        let url = TestModel.temporaryStoreURL(name: "Unversioned")
        do {
            let container = try PersistentContainer(name: "V", model: PlanV1.model, store: StoreDescription(location: .file(url)))
            let context = container.newBackgroundContext()
            try await context.perform {
                try context.insert(PlanV1.Player.self).name = "Ann"
                try context.save()
            }
        }
        let container = try open(url, Self.renameAndConvert)
        let context = container.newBackgroundContext()
        let names = try await context.perform { try context.fetch(PlanV2.Athlete.self).map(\.fullName) }
        #expect(names == ["Ann"])
    }

    @Test func historyTokensFromBeforeTheMigrationHaveExpired() async throws {
        let url = try await versionOneStore()
        let old = try open(url, MigrationPlan(versions: [PlanV1.version], stages: [])).currentHistoryToken
        let token = try #require(old)
        let container = try open(url, Self.renameAndConvert)
        let context = container.newBackgroundContext()
        await #expect {
            try await context.perform { _ = try context.fetchHistory(after: token) }
        } throws: { error in
            guard case ObjectStoreError.historyExpired = error else { return false }
            return true
        }
        let current = try container.currentHistoryToken
        let fresh = try #require(current)
        let after = try await context.perform { try context.fetchHistory(after: fresh) }
        #expect(after.isEmpty)
    }
}
