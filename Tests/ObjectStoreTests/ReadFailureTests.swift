import Foundation
import GRDB
@testable import ObjectStore
import Testing

/// Reads that fail (here: a table renamed under the store by another connection) surface as
/// errors or leave objects unloaded; they never turn into default values that get saved.
@Suite struct ReadFailureTests {
    /// Renames a table of the store file from a separate connection (which waits, as any
    /// writer must, while the store's own connections write).
    private func rename(_ table: String, to name: String, at url: URL) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let connection = try DatabaseQueue(path: url.path, configuration: configuration)
        try connection.write { try $0.execute(sql: "ALTER TABLE \(table) RENAME TO \(name)") }
    }

    @Test func faultWhoseRowCannotBeReadStaysAFault() throws {
        let (container, url) = try TestModel.onDisk(name: "ReadFailure")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let writer = container.newBackgroundContext()
        let id = try writer.performAndWait {
            let event = try writer.insert(Event.self)
            event.code = "c"
            event.title = "stored"
            try writer.save()
            return event.objectID
        }
        let reader = container.newBackgroundContext()
        reader.mergePolicy = .overwrite
        try rename("Event", to: "EventAside", at: url)
        let (title, isFault) = reader.performAndWait {
            let event = reader.object(with: id) as? Event
            let read = (event?.title, event?.isFault)
            event?.attendance = 5
            return read
        }
        #expect(title == "" && isFault == true)
        try rename("EventAside", to: "Event", at: url)
        // The getter could not throw; the next save reports the failure (once) instead of
        // writing the defaults it read over the stored row.
        #expect(throws: ObjectStoreError.self) { try reader.performAndWait { try reader.save() } }
        try reader.performAndWait { try reader.save() }
        let reread = reader.performAndWait { (reader.object(with: id) as? Event)?.title }
        #expect(reread == "stored")
        let check = container.newBackgroundContext()
        let stored = try check.performAndWait { try check.existingObject(with: id, as: Event.self).title }
        #expect(stored == "stored")
    }

    @Test func deleteWhoseRulesCannotBeReadFailsTheSaveUntilTheyCan() throws {
        let (container, url) = try TestModel.onDisk(name: "ReadFailure")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let writer = container.newBackgroundContext()
        let sportID = try writer.performAndWait {
            let sport = try writer.insert(Sport.self)
            sport.name = "S"
            for code in ["a", "b"] {
                let event = try writer.insert(Event.self)
                event.code = code
                event.sport = sport
            }
            try writer.save()
            return sport.objectID
        }
        // Sport.events cascades, but the events cannot be read when the sport is deleted.
        let blind = container.newBackgroundContext()
        let sport = try blind.performAndWait { try blind.existingObject(with: sportID) }
        try rename("Event", to: "EventAside", at: url)
        blind.performAndWait { blind.delete(sport) }
        #expect(throws: ObjectStoreError.self) { try blind.performAndWait { try blind.save() } }
        try rename("EventAside", to: "Event", at: url)
        try blind.performAndWait { try blind.save() }
        let check = container.newBackgroundContext()
        let (events, sports) = try check.performAndWait {
            (try check.count(for: FetchRequest<Event>()), try check.count(for: FetchRequest<Sport>()))
        }
        #expect(events == 0 && sports == 0)
    }

    @Test func fetchEvaluatingMembersInMemoryFailsWhenTheyCannotBeRead() throws {
        let (container, url) = try TestModel.onDisk(name: "ReadFailure")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let sport = try context.insert(Sport.self)
            sport.name = "S"
            let event = try context.insert(Event.self)
            event.code = "e"
            event.title = "x"
            event.sport = sport
            try context.save()
            // An unsaved event: the predicate over Sport.events is evaluated in memory.
            try context.insert(Event.self).code = "unsaved"
        }
        let request = FetchRequest<Sport>(predicate: try FetchPredicate(format: "ANY events.title == 'x'"))
        try rename("Event", to: "EventAside", at: url)
        #expect(throws: ObjectStoreError.self) { try context.performAndWait { try context.fetch(request).count } }
        try rename("EventAside", to: "Event", at: url)
        #expect(try context.performAndWait { try context.fetch(request).map(\.name) } == ["S"])
    }

    @Test func childContextReadsMoreKeysThanOneStatementBinds() throws {
        let container = try TestModel.inMemory()
        let parent = container.newBackgroundContext()
        let keys = try parent.performAndWait {
            let keys = try (0..<3).map { try parent.savedEvent(code: "k\($0)").objectID.key }
            _ = try parent.insert(Event.self)
            return keys
        }
        let child = parent.newChildContext()
        let entity = TestModel.model.entity(for: Event.self)
        // More keys than SQLite's default limit of bound variables (32 766, and 250 000 in some builds).
        let wanted: [Int64] = Array(1...250_001)
        let rows = try child.performAndWait { try child.parentRows(entity: entity, keys: wanted) }
        #expect(Set(rows.map(\.key)).isSuperset(of: keys))
        #expect(rows.count == 4)
    }

    @Test func missingKeyCounterFailsInsertionInsteadOfReusingKeys() throws {
        let (container, url) = try TestModel.onDisk(name: "ReadFailure")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let connection = try DatabaseQueue(path: url.path)
        try connection.write { try $0.execute(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_ENT = 'Tag'") }
        let context = container.newBackgroundContext()
        #expect(throws: ObjectStoreError.self) {
            try context.performAndWait { _ = try context.insert(Tag.self) }
        }
    }
}
