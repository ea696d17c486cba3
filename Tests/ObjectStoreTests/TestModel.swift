import Foundation
import ObjectStore
import StoreBackends

final class Sport: ManagedObject {
    @Attribute(.unique) var name = ""
    @Relationship(deleteRule: .cascade, inverse: \Event.sport) var events: Set<Event>
}

final class Venue: ManagedObject {
    @Attribute var city = ""
    @Relationship(deleteRule: .noAction, inverse: \Event.venue) var events: Set<Event>
}

final class League: ManagedObject {
    @Attribute var title = ""
    @Relationship(deleteRule: .deny, inverse: \Team.league) var teams: Set<Team>
}

final class Team: ManagedObject {
    @Attribute var name = ""
    @Relationship(deleteRule: .nullify) var league: League?
    @Relationship(deleteRule: .cascade, inverse: \Badge.team) var badge: Badge?
}

final class Badge: ManagedObject {
    @Attribute var label = ""
    @Relationship(deleteRule: .deny) var team: Team?
}

final class Tag: ManagedObject {
    @Attribute var label = ""
    @Relationship(inverse: \Event.tags) var events: Set<Event>
}

struct Score: CodableAttributeValue, Equatable {
    var home = 0
    var away = 0
    static var attributeFallback: Score { Score() }
}

final class Event: ManagedObject {
    @Attribute var title = ""
    @Attribute(.indexed) var start = Date(timeIntervalSinceReferenceDate: 0)
    @Attribute var isLive = false
    @Attribute var attendance = 0
    @Attribute var note: String?
    @Attribute var code: String
    @Attribute var small: Int16 = 0
    @Attribute var medium: Int32 = 0
    @Attribute var large: Int64 = 0
    @Attribute var ratio = 0.0
    @Attribute var weight: Float = 0
    @Attribute var blob = Data()
    @Attribute var uuid: UUID?
    @Attribute var link: URL?
    @Attribute var price = Decimal(0)
    @Attribute var score = Score()
    @Relationship var sport: Sport?
    @Relationship(deleteRule: .nullify) var venue: Venue?
    @Relationship var tags: Set<Tag>

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Event.isLive, \Event.start)]
    }
}

enum TestModel {
    static let model = ManagedObjectModel([Sport.self, Venue.self, League.self, Team.self, Badge.self, Event.self, Tag.self])

    static func inMemory() throws -> PersistentContainer {
        try PersistentContainer(name: "Test", model: model, store: .inMemory)
    }

    /// A container on a new, empty store of `backend`.
    static func container(on backend: StoreBackend) async throws -> PersistentContainer {
        try await backend.container(name: "Test", model: model)
    }

    /// A fresh file store in a temporary directory.
    static func onDisk(name: String = "Test") throws -> (PersistentContainer, URL) {
        let url = temporaryStoreURL(name: name)
        return (try PersistentContainer(name: name, model: model, store: StoreDescription(location: .file(url))), url)
    }

    /// A store file in a new temporary directory (created; the file is not).
    static func temporaryStoreURL(name: String) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ObjectStoreTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("\(name).sqlite")
    }
}

