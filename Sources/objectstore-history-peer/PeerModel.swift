import Foundation
import ObjectStore

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

    /// A container on the store file at `path`, keeping history for `historyRetention` seconds
    /// (the default when nil).
    static func container(path: String, historyRetention: Double? = nil) throws -> PersistentContainer {
        var description = StoreDescription(location: .file(URL(fileURLWithPath: path)))
        if let historyRetention { description.historyRetention = historyRetention }
        return try PersistentContainer(name: "HistoryPeer", model: model, store: description)
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
