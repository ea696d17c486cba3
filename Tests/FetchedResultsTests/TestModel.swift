import Foundation
import ObjectStore
import StoreBackends

final class Sport: ManagedObject {
    @Attribute(.unique) var name = ""
    @Attribute var rank = 0
    @Relationship(deleteRule: .cascade, inverse: \Match.sport) var matches: Set<Match>
}

final class Match: ManagedObject {
    @Attribute var title = ""
    @Attribute(.indexed) var group = ""
    @Attribute var score = 0
    @Attribute var stake = 0.0
    @Attribute var isLive = false
    @Attribute var note: String?
    @Attribute var serverID = 0
    @Attribute var uuid = UUID()
    @Relationship(deleteRule: .nullify) var sport: Sport?

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Match.group, \Match.score)]
    }
}

enum TestModel {
    static let model = ManagedObjectModel([Sport.self, Match.self])

    static func inMemory() throws -> PersistentContainer {
        try PersistentContainer(name: "FetchedResultsTests", model: model, store: .inMemory)
    }

    /// A container on a new, empty store of `backend`.
    static func container(on backend: StoreBackend) async throws -> PersistentContainer {
        try await backend.container(name: "FetchedResultsTests", model: model)
    }
}
