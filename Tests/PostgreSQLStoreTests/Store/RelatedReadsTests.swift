import ObjectStore
import Testing

extension PostgreSQLServerTests {
    /// Fetches whose conditions or sorts the host evaluates over related objects read those
    /// objects a level at a time, not one round trip per row.
    @Suite("Related objects read a level at a time")
    struct RelatedReadsTests {
        private typealias Club = LeagueModel.Club
        private typealias Player = LeagueModel.Player
        private typealias Tag = LeagueModel.Tag

        /// A store of `players` players over three clubs and three tags; the fetch of `request`
        /// there: the names it selects, in order, and the statements it sent.
        private static func fetch(_ request: FetchRequest<Player>, players: Int, on kind: StoreKind) async throws -> (names: [String], statements: Int) {
            let container = try await StoreContractTests.container(kind)
            let context = container.newBackgroundContext()
            return try context.performAndWait {
                let clubs = try ["Ajax", "benfica", "Celtic"].map { name in
                    let club = try context.insert(Club.self)
                    club.name = name
                    return club
                }
                let tags = try ["fast", "Tall", "young"].map { label in
                    let tag = try context.insert(Tag.self)
                    tag.label = label
                    return tag
                }
                for index in 0..<players {
                    let player = try context.insert(Player.self)
                    player.name = "player \(index)"
                    player.club = index % 4 == 3 ? nil : clubs[index % 3]
                    player.tags = Set(tags.enumerated().filter { (index + $0.offset) % 4 == 0 }.map(\.element))
                }
                try context.save()
                context.reset()
                let counts = OperationCounts()
                let objects = try OperationCounts.$current.withValue(counts) { try context.fetch(request) }
                return (objects.map(\.name), counts.serverStatements)
            }
        }

        static let requests: [(String, FetchRequest<LeagueModel.Player>)] = {
            var folded = FetchRequest<LeagueModel.Player>(predicate: try! FetchPredicate(format: "club.name BEGINSWITH[c] 'B' OR ANY tags.label ==[c] 'TALL'"))
            folded.sortDescriptors = [FetchSortDescriptor("name")]
            var sortedByClub = FetchRequest<LeagueModel.Player>(predicate: try! FetchPredicate(format: "tags.@count > 0"))
            sortedByClub.sortDescriptors = [FetchSortDescriptor("club.name", comparator: .caseInsensitive), FetchSortDescriptor("name")]
            return [("a folded club name or a tag", folded), ("members counted, sorted by the club's name", sortedByClub)]
        }()

        @Test(arguments: requests.indices)
        func aFetchOverRelatedObjectsSendsAsManyStatementsForSixtyRowsAsForSix(_ index: Int) async throws {
            let request = Self.requests[index].1
            let few = try await Self.fetch(request, players: 6, on: .postgreSQL)
            let many = try await Self.fetch(request, players: 60, on: .postgreSQL)
            #expect(few.statements == many.statements, "\(Self.requests[index].0): \(few.statements) statements for 6 players, \(many.statements) for 60")
            #expect(many.statements <= 8)
            // The same objects in the same order as on SQLite.
            #expect(many.names == (try await Self.fetch(request, players: 60, on: .sqlite)).names)
            #expect(!many.names.isEmpty && many.names.count < 60)
        }
    }
}
