import FetchedResults
import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import SeededRandom
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// Controllers on one host follow what other hosts save to the same PostgreSQL store.
    @Suite("Hosts following each other")
    struct HostFollowingTests {
        @Test @MainActor func aControllerFollowsRandomSavesOfTwoOtherHostsToTheResultsOfAFreshFetch() async throws {
            let seed = UInt64.random(in: 1...UInt64.max)
            var random = SplitMix64(seed: seed)
            let description = StoreDescription.postgreSQL(try await settings())
            let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let others = try (0..<2).map { _ in try PersistentContainer(name: "League", model: LeagueModel.model, store: description) }
            let seeder = others[0].newBackgroundContext()
            try seeder.performAndWait { try LeagueModel.fill(seeder) }

            let format = "number < 30 OR name CONTAINS[c] 'e'"
            let request = FetchRequest<LeagueModel.Player>(
                predicate: try FetchPredicate(format: format),
                sortDescriptors: [FetchSortDescriptor("club.name"), FetchSortDescriptor(\.name, comparator: .caseInsensitive), FetchSortDescriptor(\.number)])
            let controller = FetchedResultsController<LeagueModel.Player>(fetchRequest: request, managedObjectContext: here.viewContext, sectionNameKeyPath: "club.name")
            try controller.performFetch()

            for step in 0..<40 {
                let writer = others[step % 2].newBackgroundContext()
                let choice = random.next() % 4
                let value = Int(random.next() % 60)
                let pick = Int(random.next() % 1_000)
                try writer.performAndWait {
                    let players = try writer.fetch(FetchRequest<LeagueModel.Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name), FetchSortDescriptor(\.number)]))
                    let clubs = try writer.fetch(FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]))
                    switch choice {
                    case 0 where !players.isEmpty:
                        writer.delete(players[pick % players.count])
                    case 1:
                        let player = try writer.insert(LeagueModel.Player.self)
                        player.name = ["Eva", "otto", "Émile", "zed"][pick % 4]
                        player.number = value
                        player.club = clubs.isEmpty ? nil : clubs[pick % clubs.count]
                    case 2 where !players.isEmpty:
                        players[pick % players.count].number = value
                    default:
                        guard !players.isEmpty, !clubs.isEmpty else { return }
                        players[pick % players.count].club = clubs[value % clubs.count]
                    }
                    try writer.save()
                }
            }
            let fresh = { () throws -> [String] in
                let reader = here.newBackgroundContext()
                return try reader.performAndWait { try reader.fetch(request).map { "\($0.club?.name ?? "") \($0.name) \($0.number)" } }
            }
            let expected = try fresh()
            await eventually {
                let shown = controller.fetchedObjects?.map { "\($0.club?.name ?? "") \($0.name) \($0.number)" } ?? []
                return shown == expected
            }
            let shown = controller.fetchedObjects?.map { "\($0.club?.name ?? "") \($0.name) \($0.number)" } ?? []
            #expect(shown == expected, "seed \(seed)")
            #expect(controller.snapshot.numberOfItems == expected.count, "seed \(seed)")
        }
    }
}
