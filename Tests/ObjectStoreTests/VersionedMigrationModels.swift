import ObjectStore

/// Three versions of a small model, each in its own namespace as an app keeps them.
enum PlanV1 {
    final class Player: ManagedObject {
        @Attribute var name = ""
        @Attribute var score = 0
        @Attribute var level = "1"
        @Relationship(inverse: \Team.players) var team: Team?
        override class var entityName: String { "Player" }
    }
    final class Team: ManagedObject {
        @Attribute var title = ""
        @Relationship var players: Set<Player>
        override class var entityName: String { "Team" }
    }
    static let model = ManagedObjectModel([Player.self, Team.self])
    static let version = ModelVersion("1", model: model)
}

/// Version 2: `Player` renamed `Athlete`, `name` renamed `fullName`, `score` from integer to
/// string and `level` from string to integer (built-in conversions).
enum PlanV2 {
    final class Athlete: ManagedObject {
        @Attribute var fullName = ""
        @Attribute var score = ""
        @Attribute var level = 0
        @Relationship(inverse: \Team.players) var team: Team?
        override class var entityName: String { "Athlete" }
        override class var renamingIdentifier: String? { "Player" }
        override class var renamingIdentifiers: [String: String] { ["fullName": "name"] }
    }
    final class Team: ManagedObject {
        @Attribute var title = ""
        @Relationship var players: Set<Athlete>
        override class var entityName: String { "Team" }
    }
    static let model = ManagedObjectModel([Athlete.self, Team.self])
    static let version = ModelVersion("2", model: model)
}

/// Version 3: `Athlete` gains `initials`, which a custom stage fills.
enum PlanV3 {
    final class Athlete: ManagedObject {
        @Attribute var fullName = ""
        @Attribute var score = ""
        @Attribute var level = 0
        @Attribute var initials = ""
        @Relationship(inverse: \Team.players) var team: Team?
        override class var entityName: String { "Athlete" }
    }
    final class Team: ManagedObject {
        @Attribute var title = ""
        @Relationship var players: Set<Athlete>
        override class var entityName: String { "Team" }
    }
    static let model = ManagedObjectModel([Athlete.self, Team.self])
    static let version = ModelVersion("3", model: model)
}

/// A pet with one owner (version 1) or many (version 2): a relationship changed in kind.
enum KindV1 {
    final class Owner: ManagedObject {
        @Attribute var name = ""
        @Relationship var pets: Set<Pet>
        override class var entityName: String { "Owner" }
    }
    final class Pet: ManagedObject {
        @Attribute var name = ""
        @Relationship(inverse: \Owner.pets) var owner: Owner?
        override class var entityName: String { "Pet" }
    }
    static let model = ManagedObjectModel([Owner.self, Pet.self])
}

enum KindV2 {
    final class Owner: ManagedObject {
        @Attribute var name = ""
        @Relationship var pets: Set<Pet>
        override class var entityName: String { "Owner" }
    }
    final class Pet: ManagedObject {
        @Attribute var name = ""
        @Relationship(inverse: \Owner.pets) var owners: Set<Owner>
        override class var entityName: String { "Pet" }
        override class var renamingIdentifiers: [String: String] { ["owners": "owner"] }
    }
    static let model = ManagedObjectModel([Owner.self, Pet.self])
}

/// Version 3 of the pets: back to one owner per pet.
enum KindV3 {
    final class Owner: ManagedObject {
        @Attribute var name = ""
        @Relationship var pets: Set<Pet>
        override class var entityName: String { "Owner" }
    }
    final class Pet: ManagedObject {
        @Attribute var name = ""
        @Relationship(inverse: \Owner.pets) var owner: Owner?
        override class var entityName: String { "Pet" }
        override class var renamingIdentifiers: [String: String] { ["owner": "owners"] }
    }
    static let model = ManagedObjectModel([Owner.self, Pet.self])
}
