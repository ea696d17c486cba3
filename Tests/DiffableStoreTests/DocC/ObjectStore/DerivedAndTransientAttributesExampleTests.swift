// Guards the example of the article on derived and transient attributes:
// Sources/ObjectStore/Documentation.docc/DerivedAndTransientAttributes.md.
import DiffableStore
import Foundation
import Testing

@Suite struct DerivedAndTransientAttributesExampleTests {
    final class Match: ManagedObject {
        @Attribute var title = ""
        @Relationship(deleteRule: .cascade, inverse: \Bet.match) var bets: Set<Bet>
        @Derived(.canonical(\Match.title)) var searchTitle: String
        @Derived("bets.@count", .indexed) var betCount: Int
        @Attribute(.transient) var isExpanded = false
    }

    final class Bet: ManagedObject {
        @Attribute var stake = 0
        @Relationship var match: Match?
    }

    @Test func theArticleExampleDerivesAtTheSaveAndKeepsTheTransientInMemory() async throws {
        let container = try PersistentContainer(name: "Matches", model: ManagedObjectModel([Match.self, Bet.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        let shown = try await context.perform { () throws -> [String] in
            let match = try context.insert(Match.self)
            match.title = "Éire v Norge"
            match.isExpanded = true
            let bet = try context.insert(Bet.self)
            bet.match = match
            let before = match.betCount
            try context.save()
            return ["\(before)", "\(match.betCount)", match.searchTitle, "\(match.isExpanded)"]
        }
        #expect(shown == ["0", "1", "eire v norge", "true"])
        let popular = FetchRequest<Match>(
            predicate: try FetchPredicate(format: "betCount > 0 AND searchTitle BEGINSWITH 'eire'"),
            sortDescriptors: [FetchSortDescriptor(\.betCount, ascending: false)])
        let titles = try await context.perform { try context.fetch(popular).map(\.title) }
        #expect(titles == ["Éire v Norge"])
        let reader = container.newBackgroundContext()
        let stored = try await reader.perform { try reader.fetch(FetchRequest<Match>()).map(\.isExpanded) }
        #expect(stored == [false])
    }
}
