import Foundation
import ObjectStore
import Testing

/// Renames that reuse names in one stage: two entities, or two attributes, swap names; an entity
/// or attribute takes the name of one the stage removes. Every value and link is kept.
@Suite struct RenameMigrationTests {
    private func store(name: String, plan: MigrationPlan, fill: @escaping @Sendable (ManagedObjectContext) throws -> Void) throws -> StoreDescription {
        let description = StoreDescription(location: .file(TestModel.temporaryStoreURL(name: name)))
        let container = try PersistentContainer(name: name, migrationPlan: plan, store: description)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            try fill(context)
            try context.save()
        }
        return description
    }

    @Test func twoEntitiesAndTwoAttributesSwapNamesKeepingValuesLinksAndKeys() throws {
        let description = try store(name: "Swap", plan: MigrationPlan(versions: [SwapV1.version], stages: [])) { context in
            let reds = try context.insert(SwapV1.Club.self)
            reds.title = "Reds"
            let blues = try context.insert(SwapV1.Club.self)
            blues.title = "Blues"
            let ann = try context.insert(SwapV1.Coach.self)
            (ann.name, ann.wins, ann.losses) = ("Ann", 7, 2)
            ann.clubs = [reds, blues]
            let bo = try context.insert(SwapV1.Coach.self)
            (bo.name, bo.wins, bo.losses) = ("Bo", 1, 9)
            bo.clubs = [blues]
        }
        let plan = MigrationPlan(versions: [SwapV1.version, SwapV2.version], stages: [.lightweight(from: "1", to: "2")])
        let container = try PersistentContainer(name: "Swap", migrationPlan: plan, store: description)
        let context = container.newBackgroundContext()
        let (coaches, clubs) = try context.performAndWait { () throws in
            let coaches = try context.fetch(SwapV2.Club.self).map { coach in
                "\(coach.name) \(coach.wins)-\(coach.losses) \(coach.clubs.map(\.title).sorted())"
            }
            let clubs = try context.fetch(SwapV2.Coach.self).map { club in "\(club.title) \(club.coaches.map(\.name).sorted())" }
            // New objects of both entities take keys after the migrated ones.
            let added = try context.insert(SwapV2.Coach.self)
            added.title = "Greens"
            try context.save()
            return (coaches.sorted(), clubs.sorted())
        }
        #expect(coaches == ["Ann 2-7 [\"Blues\", \"Reds\"]", "Bo 9-1 [\"Blues\"]"])
        #expect(clubs == ["Blues [\"Ann\", \"Bo\"]", "Reds [\"Ann\"]"])
        let titles = try context.performAndWait { () throws in try context.fetch(SwapV2.Coach.self).map(\.title).sorted() }
        #expect(titles == ["Blues", "Greens", "Reds"])
    }

    @Test func aRenamedEntityAndAttributeTakeTheNamesOfRemovedOnes() throws {
        let description = try store(name: "Reuse", plan: MigrationPlan(versions: [ReuseV1.version], stages: [])) { context in
            let ledger = try context.insert(ReuseV1.Ledger.self)
            (ledger.total, ledger.note) = (42, "old note")
            try context.insert(ReuseV1.Archive.self).label = "dropped"
        }
        let plan = MigrationPlan(versions: [ReuseV1.version, ReuseV2.version], stages: [.lightweight(from: "1", to: "2")])
        let container = try PersistentContainer(name: "Reuse", migrationPlan: plan, store: description)
        let context = container.newBackgroundContext()
        let notes = try context.performAndWait { () throws in try context.fetch(ReuseV2.Archive.self).map(\.note) }
        #expect(notes == [42])
    }
}
