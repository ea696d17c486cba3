import Foundation
import ObjectStore
import Testing

extension PostgreSQLServerTests {
    /// Saves of many new objects, which the PostgreSQL store sends as one statement of array
    /// parameters per entity and per 5,000 rows.
    @Suite("Saves of many new objects")
    struct BulkSaveTests {
        /// What a player was saved with, to compare with what is read back.
        private struct Saved: Equatable {
            var name: String
            var number: Int
            var rating: Double
            var isCaptain: Bool
            var note: String?
            var club: String?
        }

        private static func saved(_ player: LeagueModel.Player) -> Saved {
            Saved(
                name: player.name, number: player.number, rating: player.rating, isCaptain: player.isCaptain, note: player.note,
                club: player.club?.name)
        }

        @Test(arguments: StoreKind.allCases)
        func aSaveOfThousandsOfObjectsOfSeveralEntitiesReadsBackEqualAsOneCommit(_ kind: StoreKind) async throws {
            let container = try await StoreContractTests.container(kind)
            let writer = container.newBackgroundContext()
            let count = 5_003
            // Clubs, tags and players inserted in turn, so that the rows of one entity are not
            // next to each other in the save; every kind of value, NULLs and text that needs
            // care (quotes, commas, braces, backslashes, accents, the empty string) among them.
            let expected = try writer.performAndWait { () throws -> [Saved] in
                var clubs: [LeagueModel.Club] = []
                var expected: [Saved] = []
                for index in 0..<count {
                    if index % 1_000 == 0 {
                        let club = try writer.insert(LeagueModel.Club.self)
                        club.name = "Club \(index / 1_000) \"{a,b}\\"
                        club.founded = 1_880 + index / 1_000
                        clubs.append(club)
                        try writer.insert(LeagueModel.Tag.self).label = "tag é \(index / 1_000)"
                    }
                    let player = try writer.insert(LeagueModel.Player.self)
                    player.name = index % 97 == 0 ? "" : "Player, 'n' \(index) Ñ"
                    player.number = index % 2 == 0 ? index : -index * 1_000_003
                    player.rating = index % 5 == 0 ? Double(index) : Double(index) / 7 - 3.25
                    player.isCaptain = index % 11 == 0
                    player.note = index % 3 == 0 ? nil : "note\n\(index)"
                    player.club = index % 13 == 0 ? nil : clubs.last
                    expected.append(Self.saved(player))
                }
                try writer.save()
                return expected
            }
            let reader = container.newBackgroundContext()
            let (read, transactions) = try reader.performAndWait { () throws -> ([Saved], [HistoryTransaction]) in
                var request = FetchRequest<LeagueModel.Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name), FetchSortDescriptor(\.number)])
                request.relationshipKeyPathsForPrefetching = [FetchKeyPath(\.club)]
                let players = try reader.fetch(request)
                return (players.map(Self.saved), try reader.fetchHistory(after: nil))
            }
            let order: (Saved, Saved) -> Bool = { ($0.name, $0.number) < ($1.name, $1.number) }
            #expect(read.count == count)
            #expect(read == expected.sorted(by: order))
            #expect(transactions.count == 1)
            #expect(transactions.first?.changes.count == count + 2 * 6)
            #expect(transactions.first?.changes.allSatisfy { $0.changeType == .insert } == true)
        }

        @Test func notANumberIsStoredComparedAndOrderedAsOnTheSQLiteStore() async throws {
            var results: [[String]] = []
            for kind in StoreKind.allCases {
                let container = try await StoreContractTests.container(kind)
                let context = container.newBackgroundContext()
                let names = try context.performAndWait { () throws -> [String] in
                    // One row alone, so that the statement of array parameters and the one of a
                    // single row both meet it.
                    for (name, rating) in [("nan alone", Double.nan)] {
                        let player = try context.insert(LeagueModel.Player.self)
                        (player.name, player.rating) = (name, rating)
                    }
                    try context.save()
                    for (name, rating) in [("one", 1.0), ("nan", .nan), ("minus one", -1.0)] {
                        let player = try context.insert(LeagueModel.Player.self)
                        (player.name, player.rating) = (name, rating)
                    }
                    try context.save()
                    let reader = container.newBackgroundContext()
                    return try reader.performAndWait { () throws -> [String] in
                        var request = FetchRequest<LeagueModel.Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.rating), FetchSortDescriptor(\.name)])
                        let sorted = try reader.fetch(request).map { "\($0.name) \($0.rating)" }
                        request.predicate = try FetchPredicate(format: "rating < %@", 0.5)
                        return sorted + ["below 0.5:"] + (try reader.fetch(request).map(\.name))
                    }
                }
                results.append(names)
            }
            #expect(results.first == results.last, "\(results)")
        }
    }
}
