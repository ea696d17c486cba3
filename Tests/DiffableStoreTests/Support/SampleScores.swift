import DiffableStore
import Foundation

/// The model the documentation's fragments assume when they declare none: sports, their events,
/// and tags on events. A test names its types (`typealias Event = SampleScores.Event`) so that a
/// fragment reads as written.
enum SampleScores {
    final class Sport: ManagedObject {
        @Attribute(.unique) var name = ""
        @Relationship(deleteRule: .cascade, inverse: \Event.sport) var events: Set<Event>
    }

    final class Event: ManagedObject {
        @Attribute var title = ""
        @Attribute(.indexed) var start = Date.distantPast
        @Attribute var isLive = false
        @Attribute var attendance = 0
        @Attribute var code = ""
        @Attribute var uuid = UUID()
        @Relationship var sport: Sport?
        @Relationship var tags: Set<Tag>
    }

    final class Tag: ManagedObject {
        @Attribute var label = ""
        @Relationship(inverse: \Event.tags) var events: Set<Event>
    }

    /// A container of the model on a store in memory.
    static func container() throws -> PersistentContainer {
        try PersistentContainer(name: "Scores", model: ManagedObjectModel([Sport.self, Event.self, Tag.self]), store: .inMemory)
    }

    /// Saves sports and their events through a background context: for each sport, the titles of
    /// its events (their codes too) with their attendance, the first of each sport live (every
    /// one with `allLive`); returns the events' IDs in order.
    @discardableResult
    static func save(_ sports: KeyValuePairs<String, [(title: String, attendance: Int)]>, allLive: Bool = false, in container: PersistentContainer) throws -> [ObjectID] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws -> [ObjectID] in
            var ids: [ObjectID] = []
            for (name, events) in sports {
                let sport = try context.insert(Sport.self)
                sport.name = name
                for (offset, entry) in events.enumerated() {
                    let event = try context.insert(Event.self)
                    (event.title, event.code, event.attendance) = (entry.title, entry.title, entry.attendance)
                    (event.isLive, event.sport, event.uuid) = (allLive || offset == 0, sport, UUID())
                    event.start = Date(timeIntervalSinceReferenceDate: Double(ids.count) * 60)
                    ids.append(event.objectID)
                }
            }
            try context.save()
            return ids
        }
    }

    /// The titles of the events `predicate` selects, in the order they were saved.
    static func titles(matching predicate: FetchPredicate<Event>?, in container: PersistentContainer) throws -> [String] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws in
            try context.fetch(FetchRequest(predicate: predicate, sortDescriptors: [FetchSortDescriptor(\.start)])).map(\.title)
        }
    }
}
