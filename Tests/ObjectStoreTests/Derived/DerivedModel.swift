import Foundation
import ObjectStore

/// A tournament whose name bouts copy.
final class Tournament: ManagedObject {
    @Attribute var name = ""
    @Relationship(inverse: \Bout.tournament) var bouts: Set<Bout>
}

/// A bout with every kind of derived attribute.
final class Bout: ManagedObject {
    @Attribute var title = ""
    @Relationship var tournament: Tournament?
    @Relationship(deleteRule: .cascade, inverse: \Pledge.bout) var pledges: Set<Pledge>
    @Derived(.lowercase(\Bout.title)) var searchTitle: String
    @Derived("canonical:(title)") var canonicalTitle: String
    @Derived("tournament.name") var tournamentName: String?
    @Derived(.count(\Bout.pledges), .indexed) var pledgeCount: Int
    @Derived("pledges.@sum.stake") var totalStake: Int
    @Derived(.now) var savedAt: Date?
}

/// A pledge on a bout.
final class Pledge: ManagedObject {
    @Attribute var stake = 0
    @Relationship var bout: Bout?
}

/// The bout before it had derived attributes: the same table.
final class PlainBout: ManagedObject {
    override class var entityName: String { "Bout" }
    @Attribute var title = ""
    @Relationship var tournament: PlainTournament?
    @Relationship(inverse: \PlainPledge.bout) var pledges: Set<PlainPledge>
}

/// The tournament of the model before derived attributes.
final class PlainTournament: ManagedObject {
    override class var entityName: String { "Tournament" }
    @Attribute var name = ""
    @Relationship(inverse: \PlainBout.tournament) var bouts: Set<PlainBout>
}

/// The pledge of the model before derived attributes.
final class PlainPledge: ManagedObject {
    override class var entityName: String { "Pledge" }
    @Attribute var stake = 0
    @Relationship var bout: PlainBout?
}

enum DerivedModel {
    static let model = ManagedObjectModel([Tournament.self, Bout.self, Pledge.self])
    static let withoutDerivedAttributes = ManagedObjectModel([PlainTournament.self, PlainBout.self, PlainPledge.self])
}

extension ManagedObjectContext {
    /// A new bout titled `title`, inserted.
    func insertBout(_ title: String, in tournament: Tournament? = nil) throws -> Bout {
        let bout = try insert(Bout.self)
        bout.title = title
        bout.tournament = tournament
        return bout
    }

    /// A new pledge of `stake` on `bout`, inserted.
    @discardableResult
    func insertPledge(_ stake: Int, on bout: Bout?) throws -> Pledge {
        let pledge = try insert(Pledge.self)
        pledge.stake = stake
        pledge.bout = bout
        return pledge
    }

    /// The bout with `id`, read again from the store.
    func freshBout(_ id: ObjectID) throws -> Bout {
        let bout = try existingObject(with: id)
        refresh(bout, mergeChanges: false)
        guard let bout = bout as? Bout else { throw ObjectStoreError.objectNotFound(id) }
        return bout
    }
}

/// A note whose label is its title lowercased.
final class LowercaseNote: ManagedObject {
    override class var entityName: String { "Note" }
    @Attribute var title = ""
    @Derived("lowercase:(title)") var label: String
}

/// The same note, once its label became the title uppercased.
final class UppercaseNote: ManagedObject {
    override class var entityName: String { "Note" }
    @Attribute var title = ""
    @Derived(.uppercase(\UppercaseNote.title)) var label: String
}
