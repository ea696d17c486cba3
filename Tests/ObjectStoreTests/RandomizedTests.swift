import Foundation
import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Seeded random scripts of inserts, updates, relationship changes and deletes in several
/// contexts, saved or rolled back, checked against a reference model after every step.
@MainActor @Suite struct RandomizedTests {
    struct Reference: Equatable {
        var title: String
        var attendance: Int
        var sport: ObjectID?
        var tags: Set<ObjectID> = []
    }

    @Test(arguments: StoreBackend.all) func randomScriptsMatchAReferenceModel(_ backend: StoreBackend) async throws {
        // A server store answers each read and save with a round trip, on the main actor: fewer.
        let scripts = TestEnvironment.count("OBJECTSTORE_RANDOM_SCRIPTS", default: backend == .sqlite ? 12 : 2)
        for index in 0..<scripts {
            let seed = 0x5EED_0000 &+ UInt64(index)
            try await run(seed: seed, on: backend)
        }
    }

    private func run(seed: UInt64, on backend: StoreBackend) async throws {
        var generator = SplitMix64(seed: seed)
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let background = container.newBackgroundContext(name: "background")
        background.automaticallyMergesChangesFromParent = true
        let child = view.newChildContext(concurrency: .mainQueue)
        var sports: [ObjectID] = []
        for name in ["A", "B", "C"] {
            let sport = try view.insert(Sport.self)
            sport.name = name
            sports.append(sport.objectID)
        }
        var tags: [ObjectID] = []
        for label in ["x", "y", "z"] {
            let tag = try view.insert(Tag.self)
            tag.label = label
            tags.append(tag.objectID)
        }
        try view.save()
        await background.flush()
        var committed: [ObjectID: Reference] = [:]
        var serial = 0
        for round in 0..<40 {
            let context = Bool.random(using: &generator) ? view : background
            var working = committed
            let (events, token) = context.recordChanges()
            let save = Int.random(in: 0..<4, using: &generator) > 0
            try context.performAndWait { () throws(ObjectStoreError) in
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let ids = working.keys.sorted { $0.key < $1.key }
                    let choice = ids.isEmpty ? 0 : Int.random(in: 0..<8, using: &generator)
                    let sport = Bool.random(using: &generator) ? sports.randomElement(using: &generator) : nil
                    if choice == 0 {
                        serial += 1
                        let event = try context.insert(Event.self)
                        event.code = "e\(serial)"
                        event.title = "t\(Int.random(in: 0..<3, using: &generator))"
                        event.attendance = Int.random(in: 0..<3, using: &generator)
                        event.sport = sport.map { context.object(with: $0) as? Sport } ?? nil
                        working[event.objectID] = Reference(title: event.title, attendance: event.attendance, sport: sport)
                        continue
                    }
                    let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
                    guard let event = context.object(with: id) as? Event else { continue }
                    switch choice {
                    case 1:
                        event.title = "t\(Int.random(in: 0..<3, using: &generator))"
                        working[id]?.title = event.title
                    case 2:
                        event.attendance = Int.random(in: 0..<3, using: &generator)
                        working[id]?.attendance = event.attendance
                    case 3, 4:
                        event.sport = sport.map { context.object(with: $0) as? Sport } ?? nil
                        working[id]?.sport = sport
                    case 5, 6:
                        let tagID = tags[Int.random(in: 0..<tags.count, using: &generator)]
                        guard let tag = context.object(with: tagID) as? Tag else { continue }
                        if Bool.random(using: &generator) {
                            event.tags.insert(tag)
                            working[id]?.tags.insert(tagID)
                        } else {
                            tag.events.remove(event)
                            working[id]?.tags.remove(tagID)
                        }
                    default:
                        context.delete(event)
                        working[id] = nil
                    }
                }
                #expect(try context.count(for: FetchRequest<Event>()) == working.count, "seed \(seed) round \(round): pending count")
                if save { try context.save() } else { context.rollback() }
            }
            token.cancel()
            await view.flush()
            await background.flush()
            await child.flush()
            let received = events.changeSets(.save)
            if save {
                // A save that changes nothing publishes nothing.
                let changeSet = received.last
                #expect(received.count <= 1, "seed \(seed) round \(round): one save, one change set")
                #expect(changeSet?.insertedObjectIDs ?? [] == Set(working.keys).subtracting(committed.keys), "seed \(seed) round \(round): inserted")
                #expect(changeSet?.deletedObjectIDs ?? [] == Set(committed.keys).subtracting(working.keys), "seed \(seed) round \(round): deleted")
                #expect(changeSet?.changedKeys ?? [:] == expectedKeys(from: committed, to: working), "seed \(seed) round \(round): changed keys")
                committed = working
            } else {
                #expect(received.isEmpty, "seed \(seed) round \(round): rollback published a change set")
            }
            // Every merging context agrees with the store for every object it holds.
            for observed in [view, background, child] {
                let disagreements = observed.performAndWait { () -> [ObjectID] in
                    observed.registeredObjects.compactMap { $0 as? Event }.filter { event in
                        guard !event.isFault, !event.hasChanges else { return false }
                        guard let reference = committed[event.objectID] else { return !event.isDeleted }
                        let sport = event.value(forKeyPath: "sport") as? ObjectID
                        let tags = Set(event.tags.map(\.objectID))
                        return Reference(title: event.title, attendance: event.attendance, sport: sport, tags: tags) != reference
                    }.map(\.objectID)
                }
                #expect(disagreements.isEmpty, "seed \(seed) round \(round): \(observed.identifier) disagrees on \(disagreements)")
            }
            let fresh = container.newBackgroundContext()
            let stored = try fresh.performAndWait { () throws(ObjectStoreError) -> [ObjectID: Reference] in
                var result: [ObjectID: Reference] = [:]
                for event in try fresh.fetch(Event.self) {
                    result[event.objectID] = Reference(
                        title: event.title, attendance: event.attendance,
                        sport: event.value(forKeyPath: "sport") as? ObjectID, tags: Set(event.tags.map(\.objectID)))
                }
                return result
            }
            #expect(stored == committed, "seed \(seed) round \(round): store differs from the reference")
        }
    }

    private func expectedKeys(from old: [ObjectID: Reference], to new: [ObjectID: Reference]) -> [ObjectID: Set<String>] {
        var keys: [ObjectID: Set<String>] = [:]
        func sportChanged(_ before: ObjectID?, _ after: ObjectID?) {
            guard before != after else { return }
            for sport in [before, after].compactMap({ $0 }) { keys[sport, default: []].insert("events") }
        }
        func tagsChanged(_ before: Set<ObjectID>, _ after: Set<ObjectID>) {
            for tag in before.symmetricDifference(after) { keys[tag, default: []].insert("events") }
        }
        for (id, after) in new {
            guard let before = old[id] else {
                sportChanged(nil, after.sport)
                tagsChanged([], after.tags)
                continue
            }
            tagsChanged(before.tags, after.tags)
            var changed: Set<String> = []
            if before.title != after.title { changed.insert("title") }
            if before.attendance != after.attendance { changed.insert("attendance") }
            if before.sport != after.sport { changed.insert("sport") }
            if before.tags != after.tags { changed.insert("tags") }
            if !changed.isEmpty { keys[id] = changed }
            sportChanged(before.sport, after.sport)
        }
        for (id, before) in old where new[id] == nil {
            sportChanged(before.sport, nil)
            tagsChanged(before.tags, [])
        }
        return keys
    }
}
