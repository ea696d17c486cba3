import Foundation
import ObjectStore
#if HISTORY_PEER_ON_POSTGRESQL
import PostgreSQLStore
#endif

/// The model the history peers share: teams and their fixtures.
final class PeerTeam: ManagedObject {
    @Attribute(.unique) var name = ""
    @Attribute var rank = 0
    @Relationship(deleteRule: .cascade, inverse: \PeerFixture.team) var fixtures: Set<PeerFixture>
}

/// A fixture: in a group, with a score, maybe of a team.
final class PeerFixture: ManagedObject {
    @Attribute(.unique) var title = ""
    @Attribute(.indexed) var group = ""
    @Attribute var score = 0
    /// When a benchmark node last changed it, in milliseconds of wall-clock time.
    @Attribute var stamp = 0.0
    @Relationship(deleteRule: .nullify) var team: PeerTeam?
}

enum PeerModel {
    static let model = ManagedObjectModel([PeerTeam.self, PeerFixture.self])

    /// A container on the store at `path`, keeping history for `historyRetention` seconds (the
    /// default when nil). The store is a file, or with `postgres://…#schema` a schema on a
    /// PostgreSQL server.
    static func container(path: String, historyRetention: Double? = nil) throws -> PersistentContainer {
        var description = try storeDescription(path)
        if let historyRetention { description.historyRetention = historyRetention }
        return try PersistentContainer(name: "HistoryPeer", model: model, store: description)
    }

    private static func storeDescription(_ path: String) throws -> StoreDescription {
        #if HISTORY_PEER_ON_POSTGRESQL
        if path.hasPrefix("postgres://") || path.hasPrefix("postgresql://"), let hash = path.lastIndex(of: "#") {
            return try .postgreSQL(url: String(path[..<hash]), schema: String(path[path.index(after: hash)...]), poolSize: 4)
        }
        #endif
        return StoreDescription(location: .file(URL(fileURLWithPath: path)))
    }

    /// A background context of `container` that merges every other context's and process's
    /// commits, as a follower does.
    static func followingContext(of container: PersistentContainer) -> ManagedObjectContext {
        let context = container.newBackgroundContext(name: "follower")
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true
        return context
    }
}
