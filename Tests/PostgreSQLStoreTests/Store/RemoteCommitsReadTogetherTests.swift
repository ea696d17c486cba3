import Foundation
@testable import ObjectStore
import PostgreSQLStore
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// Other hosts' commits that a container reads from the history together, in one snapshot.
    @Suite("Remote commits read together")
    struct RemoteCommitsReadTogetherTests {
        @Test func twoCommitsChangingOneObjectInDifferentKeysBothReachAMergingContext() async throws {
            let settings = try await settings()
            let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let there = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let follower = here.newBackgroundContext()
            follower.automaticallyMergesRemoteChanges = true
            let writer = there.newBackgroundContext()
            let id = try writer.performAndWait { () throws -> ObjectID in
                let club = try writer.insert(LeagueModel.Club.self)
                (club.name, club.city, club.founded) = ("Rovers", "Old Town", 1900)
                try writer.save()
                return club.objectID
            }
            // The values the follower holds, without reading the store again once it has loaded them.
            let values = {
                follower.performAndWait { () -> String? in
                    let club = try? follower.fetch(FetchRequest<LeagueModel.Club>()).first
                    return club.map { "\($0.city) \($0.founded)" }
                }
            }
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
    }
}
