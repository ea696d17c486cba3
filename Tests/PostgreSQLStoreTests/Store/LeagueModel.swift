import Foundation
import ObjectStore

/// The model the store contract runs on: clubs, their players, and tags on players.
enum LeagueModel {
    final class Club: ManagedObject {
        @Attribute(.unique) var name = ""
        @Attribute var city = ""
        @Attribute var founded = 1900
        @Relationship(deleteRule: .cascade, inverse: \Player.club) var players: Set<Player>
        override class var entityName: String { "ContractClub" }
    }

    final class Player: ManagedObject {
        @Attribute var name = ""
        @Attribute var number = 0
        @Attribute var rating = 0.0
        @Attribute var isCaptain = false
        @Attribute var note: String?
        @Relationship(deleteRule: .nullify) var club: Club?
        @Relationship var tags: Set<Tag>
        override class var entityName: String { "ContractPlayer" }
    }

    final class Tag: ManagedObject {
        @Attribute var label = ""
        @Relationship(inverse: \Player.tags) var players: Set<Player>
        override class var entityName: String { "ContractTag" }
    }

    /// A later version of the model: clubs gained a stadium.
    final class ClubWithStadium: ManagedObject {
        @Attribute(.unique) var name = ""
        @Attribute var city = ""
        @Attribute var founded = 1900
        @Attribute var stadium = "unknown"
        @Relationship(deleteRule: .cascade, inverse: \PlayerOfLaterModel.club) var players: Set<PlayerOfLaterModel>
        override class var entityName: String { "ContractClub" }
    }

    final class PlayerOfLaterModel: ManagedObject {
        @Attribute var name = ""
        @Attribute var number = 0
        @Attribute var rating = 0.0
        @Attribute var isCaptain = false
        @Attribute var note: String?
        @Relationship(deleteRule: .nullify) var club: ClubWithStadium?
        @Relationship var tags: Set<TagOfLaterModel>
        override class var entityName: String { "ContractPlayer" }
    }

    final class TagOfLaterModel: ManagedObject {
        @Attribute var label = ""
        @Relationship(inverse: \PlayerOfLaterModel.tags) var players: Set<PlayerOfLaterModel>
        override class var entityName: String { "ContractTag" }
    }

    static let model = ManagedObjectModel([Club.self, Player.self, Tag.self])
    static let laterModel = ManagedObjectModel([ClubWithStadium.self, PlayerOfLaterModel.self, TagOfLaterModel.self])

    /// Names with case, accents, digits and symbols, for the predicates and sorts that fold or
    /// compare text.
    static let names = [
        "Émile", "emile", "Zoë", "zoe", "Ana", "ÄNA", "bob", "Bob", "Chloé", "chloe", "player 10", "player 9",
        "player 100", "Ömer", "omer", "Ñandú", "nandu", "Łukasz", "lukasz", "ß-tester", "SS-tester", "", "a_b", "a%b",
    ]

    /// Inserts three clubs, a player per name of ``names`` spread over them (every seventh
    /// without a club), with numbers, ratings, notes and tags that vary, and saves.
    static func fill(_ context: ManagedObjectContext) throws {
        let clubs = try ["Ajax", "Benfica", "Celtic"].enumerated().map { index, name in
            let club = try context.insert(Club.self)
            club.name = name
            club.city = ["Amsterdam", "Lisboa", "Glasgow"][index]
            club.founded = 1890 + index * 7
            return club
        }
        let tags = try ["fast", "tall", "young"].map { label in
            let tag = try context.insert(Tag.self)
            tag.label = label
            return tag
        }
        for (index, name) in names.enumerated() {
            let player = try context.insert(Player.self)
            player.name = name
            player.number = (index * 37) % 50
            player.rating = Double((index * 13) % 10) / 2
            player.isCaptain = index % 5 == 0
            player.note = index % 3 == 0 ? nil : "note \(index % 4)"
            player.club = index % 7 == 6 ? nil : clubs[index % 3]
            player.tags = Set(tags.enumerated().filter { (index + $0.offset) % 3 == 0 }.map(\.element))
        }
        try context.save()
    }
}
