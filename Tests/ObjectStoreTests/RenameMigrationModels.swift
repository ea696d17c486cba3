import Foundation
import ObjectStore

/// Version 1 of a model whose next version swaps names: coaches and clubs linked many-to-many,
/// a coach with `wins` and `losses`.
enum SwapV1 {
    final class Coach: ManagedObject {
        @Attribute var name = ""
        @Attribute var wins = 0
        @Attribute var losses = 0
        @Relationship var clubs: Set<Club>
        override class var entityName: String { "Coach" }
    }
    final class Club: ManagedObject {
        @Attribute var title = ""
        @Relationship(inverse: \Coach.clubs) var coaches: Set<Coach>
        override class var entityName: String { "Club" }
    }
    static let model = ManagedObjectModel([Coach.self, Club.self])
    static let version = ModelVersion("1", model: model)
}

/// Version 2: the two entities swap names (what was a coach is stored as `Club`, and the
/// reverse), and a coach's `wins` and `losses` swap names too.
enum SwapV2 {
    final class Club: ManagedObject {
        @Attribute var name = ""
        @Attribute var wins = 0
        @Attribute var losses = 0
        @Relationship var clubs: Set<Coach>
        override class var entityName: String { "Club" }
        override class var renamingIdentifier: String? { "Coach" }
        override class var renamingIdentifiers: [String: String] { ["wins": "losses", "losses": "wins"] }
    }
    final class Coach: ManagedObject {
        @Attribute var title = ""
        @Relationship(inverse: \Club.clubs) var coaches: Set<Club>
        override class var entityName: String { "Coach" }
        override class var renamingIdentifier: String? { "Club" }
    }
    static let model = ManagedObjectModel([Club.self, Coach.self])
    static let version = ModelVersion("2", model: model)
}

/// Version 1 of a model whose next version reuses removed names: a ledger and an archive.
enum ReuseV1 {
    final class Ledger: ManagedObject {
        @Attribute var total = 0
        @Attribute var note = ""
        override class var entityName: String { "Ledger" }
    }
    final class Archive: ManagedObject {
        @Attribute var label = ""
        override class var entityName: String { "Archive" }
    }
    static let model = ManagedObjectModel([Ledger.self, Archive.self])
    static let version = ModelVersion("1", model: model)
}

/// Version 2: `Archive` is removed and `Ledger` renamed to `Archive`; `note` is removed and
/// `total` renamed to `note`.
enum ReuseV2 {
    final class Archive: ManagedObject {
        @Attribute var note = 0
        override class var entityName: String { "Archive" }
        override class var renamingIdentifier: String? { "Ledger" }
        override class var renamingIdentifiers: [String: String] { ["note": "total"] }
    }
    static let model = ManagedObjectModel([Archive.self])
    static let version = ModelVersion("2", model: model)
}
