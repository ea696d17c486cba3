// Guards the example in the documentation comment of `BatchDeleteRequest`
// (Sources/ObjectStore/Batch/BatchDeleteRequest.swift).
import DiffableStore
import Foundation
import Testing

@Suite struct BatchDeleteRequestExampleTests {
    final class Match: ManagedObject {
        @Attribute var title = ""
        @Attribute var isLive = false
        @Relationship(deleteRule: .cascade, inverse: \Bet.match) var bets: Set<Bet>
        override class var entityName: String { "BatchDeleteExampleMatch" }
    }

    final class Bet: ManagedObject {
        @Attribute var stake = 0
        @Relationship var match: Match?
        override class var entityName: String { "BatchDeleteExampleBet" }
    }

    @Test func finishedMatchesGoWithTheirBets() throws {
        let container = try PersistentContainer(name: "BatchDelete", model: ManagedObjectModel([Match.self, Bet.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        let (result, left) = try context.performAndWait { () throws in
            for index in 0..<4 {
                let match = try context.insert(Match.self)
                match.title = "m\(index)"
                match.isLive = index == 0
                try context.insert(Bet.self).match = match
            }
            try context.save()
            var finished = FetchRequest<Match>()
            finished.predicate = try FetchPredicate(format: "isLive == NO")
            let result = try context.execute(BatchDeleteRequest(finished))
            print(result.count, "matches deleted,", result.cascadedObjectIDs.count, "related objects with them")
            return (result, try context.count(for: FetchRequest<Bet>()))
        }
        #expect(result.count == 3 && result.cascadedObjectIDs.count == 3 && left == 1)
    }
}
