import Dispatch
import FetchedResults
import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// Controllers whose update from a merged change cannot read the store (the server is
    /// down, a connection was lost): they catch up once the store answers, with no app code.
    @Suite("Controllers whose reads fail")
    struct ControllerRecoveryTests {
        @Test func aControllerThatCouldNotReadAnInsertedObjectShowsItOnceTheStoreAnswers() async throws {
            let settings = try await settings()
            let container = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let follower = container.newBackgroundContext()
            follower.automaticallyMergesChangesFromParent = true
            let controller = try follower.performAndWait { () throws -> FetchedResultsController<LeagueModel.Club> in
                let request = FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])
                let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: follower)
                try controller.performFetch()
                return controller
            }
            // The follower's queue is held while the save reaches its inbox and the table goes
            // away, so that the controller's update reads a store that cannot answer.
            let (entered, held) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let holding = Task { await follower.perform { entered.signal(); held.wait() } }
            entered.wait()
            let writer = container.newBackgroundContext()
            try writer.performAndWait { () throws in
                try writer.insert(LeagueModel.Club.self).name = "Late"
                try writer.save()
            }
            try await withPool(settings) { pool in
                try pool.query(#"ALTER TABLE "ContractClub" RENAME TO "ContractClubAside""#)
                held.signal()
                await holding.value
                await eventually(within: 30) { follower.performAndWait { controller.lastError != nil } }
                try pool.query(#"ALTER TABLE "ContractClubAside" RENAME TO "ContractClub""#)
            }
            await eventually(within: 30) {
                follower.performAndWait { controller.lastError == nil && controller.fetchedObjects?.map(\.name) == ["Late"] }
            }
        }
    }
}
