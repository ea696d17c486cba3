import Foundation
import ObjectStore

// The entities of the predicate tests. The predicate fuzz target compiles this file too, so it
// uses the public API only.

/// A region clubs belong to (the second to-one hop of `club.region.title`).
final class Region: ManagedObject {
    @Attribute var title: String?
    @Attribute var code = 0
}

/// A label players share (many-to-many).
final class Medal: ManagedObject {
    @Attribute var label: String?
    @Relationship(inverse: \Player.medals) var holders: Set<Player>
}

/// A club with a to-many relationship, for ANY / ALL / NONE and @count.
final class Club: ManagedObject {
    @Attribute var name: String?
    @Attribute var rank: Int?
    @Relationship(deleteRule: .nullify) var region: Region?
    @Relationship(deleteRule: .nullify, inverse: \Player.club) var players: Set<Player>
}

struct Stats: CodableAttributeValue, Equatable {
    var goals = 0
    static var attributeFallback: Stats { Stats() }
}

/// Every attribute type, optional and not, plus to-one relationships.
final class Player: ManagedObject {
    @Attribute var name: String?
    @Attribute var nick = ""
    @Attribute var age: Int?
    @Attribute var level = 0
    @Attribute var score: Double?
    @Attribute var active = false
    @Attribute var born: Date?
    @Attribute var tag: UUID?
    @Attribute var blob: Data?
    @Attribute var salary: Decimal?
    @Attribute var site: URL?
    @Attribute var stats = Stats()
    @Relationship var club: Club?
    @Relationship(deleteRule: .nullify) var mentor: Player?
    @Relationship var medals: Set<Medal>

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Player.active, \Player.level, \Player.age), CompoundIndex(\Player.nick, \Player.name)]
    }
}
