import Foundation
@testable import ObjectStore
import PostgreSQLStore
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// Other hosts' commits that a container reads from the history together, in one snapshot.
    @Suite("Remote commits read together")
    struct RemoteCommitsReadTogetherTests {
        /// Saves the club Rovers of Old Town, founded 1900; returns its ID.
        private static func savedClub(in writer: ManagedObjectContext) throws -> ObjectID {
            try writer.performAndWait { () throws -> ObjectID in
                let club = try writer.insert(LeagueModel.Club.self)
                (club.name, club.city, club.founded) = ("Rovers", "Old Town", 1900)
                try writer.save()
                return club.objectID
            }
        }

        /// The city and year of the club `follower` holds, without reading the store again once
        /// it has loaded them.
        private static func shownClub(in follower: ManagedObjectContext) -> String? {
            follower.performAndWait { () -> String? in
                let club = try? follower.fetch(FetchRequest<LeagueModel.Club>()).first
                return club.map { "\($0.city) \($0.founded)" }
            }
        }
        @Test func twoCommitsChangingOneObjectInDifferentKeysBothReachAMergingContext() async throws {
            let settings = try await settings()
            let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let there = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let follower = here.newBackgroundContext()
            follower.automaticallyMergesRemoteChanges = true
            let writer = there.newBackgroundContext()
            let id = try Self.savedClub(in: writer)
            let values = { Self.shownClub(in: follower) }
            await eventually(within: 30) { values() == "Old Town 1900" }
            // The container reads no commit while its commit lock is held: it reads both at once.
            try here.core.withCommitLock { () throws in
                try writer.performAndWait { () throws in
                    let club = try writer.existingObject(with: id, as: LeagueModel.Club.self)
                    club.city = "New Town"
                    try writer.save()
                    club.founded = 2000
                    try writer.save()
                }
            }
            await eventually(within: 10) { values() == "New Town 2000" }
        }

        /// A container's own save reads the commits of other containers before it from the
        /// history, with their rows as they are after the save: the row of an object both
        /// changed carries the save's version. Each change must still reach the merging context.
        @Test(arguments: StoreKind.allCases)
        func anOwnSaveAfterAnUnreadCommitOfTheSameObjectReachesAMergingContextWithBothChanges(_ kind: StoreKind) async throws {
            let description = try await StoreContractTests.description(kind)
            let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let there = try PersistentContainer(name: "League", model: LeagueModel.model, store: description)
            let follower = here.newBackgroundContext()
            follower.automaticallyMergesChangesFromParent = true
            follower.automaticallyMergesRemoteChanges = true
            let writer = there.newBackgroundContext()
            let id = try Self.savedClub(in: writer)
            let values = { Self.shownClub(in: follower) }
            await eventually(within: 30) { values() == "Old Town 1900" }
            // From now on this container reads other containers' commits only when it saves.
            here.core.stopWatching()
            try writer.performAndWait { () throws in
                try writer.existingObject(with: id, as: LeagueModel.Club.self).city = "New Town"
                try writer.save()
            }
            let saver = here.newBackgroundContext()
            try saver.performAndWait { () throws in
                let club = try #require(try saver.fetch(FetchRequest<LeagueModel.Club>()).first)
                club.founded = 2000
                try saver.save()
            }
            await eventually(within: 10) { values() == "New Town 2000" }
            #expect(values() == "New Town 2000", "\(kind): the merging context shows \(values() ?? "nothing")")
        }
    }
}
