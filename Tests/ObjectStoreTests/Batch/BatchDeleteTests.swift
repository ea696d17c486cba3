import Foundation
import ObjectStore
import TestSupport
import Testing

@Suite struct BatchDeleteTests {
    /// The same random graph of every entity of the test model, in a new file store: sports with
    /// cascading events, venues that do nothing on delete, leagues that deny while they have
    /// teams, teams with cascading badges that deny while their team exists, tags linked to events.
    private static func store(seed: UInt64) throws -> PersistentContainer {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ values: [T]) -> T? {
            let index = Int(random.next() % UInt64(values.count + 1))
            return index < values.count ? values[index] : nil
        }
        let (container, _) = try TestModel.onDisk(name: "BatchDelete")
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let sports = try (0..<4).map { index in with(try context.insert(Sport.self)) { $0.name = "s\(index)" } }
            let venues = try (0..<3).map { index in with(try context.insert(Venue.self)) { $0.city = "c\(index)" } }
            let leagues = try (0..<3).map { index in with(try context.insert(League.self)) { $0.title = "l\(index)" } }
            let tags = try (0..<4).map { index in with(try context.insert(Tag.self)) { $0.label = "t\(index)" } }
            for index in 0..<6 {
                let team = try context.insert(Team.self)
                team.name = "team\(index)"
                team.league = pick(leagues)
                if random.next() % 2 == 0 { team.badge = with(try context.insert(Badge.self)) { $0.label = "b\(index)" } }
            }
            for index in 0..<30 {
                let event = try context.insert(Event.self)
                event.code = "e\(index)"
                event.attendance = Int(random.next() % 100)
                event.sport = pick(sports)
                event.venue = pick(venues)
                event.tags = Set(tags.filter { _ in random.next() % 3 == 0 })
            }
            try context.save()
        }
        return container
    }

    /// Every object of the store with its attributes and relationships, by entity and key.
    private static func contents(_ container: PersistentContainer) throws -> [String] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws in
            func key(_ object: ManagedObject?) -> String { object.map { "\($0.objectID.key)" } ?? "-" }
            func keys(_ objects: some Sequence<some ManagedObject>) -> String { objects.map(\.objectID.key).sorted().map(String.init).joined(separator: ",") }
            var lines: [String] = []
            lines += try context.fetch(Sport.self).map { "Sport \(key($0)) \($0.name) [\(keys($0.events))]" }
            lines += try context.fetch(Venue.self).map { "Venue \(key($0)) \($0.city) [\(keys($0.events))]" }
            lines += try context.fetch(League.self).map { "League \(key($0)) \($0.title) [\(keys($0.teams))]" }
            lines += try context.fetch(Team.self).map { "Team \(key($0)) \($0.name) \(key($0.league)) \(key($0.badge))" }
            lines += try context.fetch(Badge.self).map { "Badge \(key($0)) \($0.label) \(key($0.team))" }
            lines += try context.fetch(Tag.self).map { "Tag \(key($0)) \($0.label) [\(keys($0.events))]" }
            lines += try context.fetch(Event.self).map { "Event \(key($0)) \($0.code) \(key($0.sport)) \(key($0.venue)) [\(keys($0.tags))]" }
            return lines.sorted()
        }
    }

    /// A change set as entity-and-key lines (the two stores' object IDs differ in their store).
    private static func describe(_ changeSet: ChangeSet?) -> [String] {
        guard let changeSet else { return [] }
        func name(_ id: ObjectID) -> String { "\(id.entity.name) \(id.key)" }
        return (changeSet.insertedObjectIDs.map { "+ \(name($0))" }
            + changeSet.deletedObjectIDs.map { "- \(name($0))" }
            + changeSet.changedKeys.map { "~ \(name($0.key)) \($0.value.sorted())" }).sorted()
    }

    /// A thrown error with its object IDs as entity and key.
    private static func describe(_ error: any Error) -> String {
        guard case ObjectStoreError.validation(let failures) = error else { return "\(error)" }
        return failures.map { failure -> String in
            guard case let .deleteDenied(id, relationship, related) = failure else { return "\(failure)" }
            return "\(id.entity.name) \(id.key) \(relationship) \(related.map(\.key).sorted())"
        }.sorted().joined(separator: "; ")
    }

    /// Deletes what `request` selects: with one batch request in `batch`, object by object in
    /// `saved`; returns each store's one change set or error.
    private static func delete<Entity: ManagedObject>(
        _ request: FetchRequest<Entity>, batch: PersistentContainer, saved: PersistentContainer
    ) -> (batch: Result<[String], any Error>, saved: Result<[String], any Error>) {
        func run(_ container: PersistentContainer, _ body: (ManagedObjectContext) throws -> Void) -> Result<[String], any Error> {
            let sets = Recorder<ChangeSet>()
            let token = container.addChangeSetObserver { sets.append($0) }
            defer { token.cancel() }
            let context = container.newBackgroundContext()
            return Result {
                try context.performAndWait { () throws in try body(context) }
                #expect(sets.values.count <= 1, "one commit, at most one change set (none when it changed nothing)")
                return describe(sets.values.first)
            }
        }
        let batchResult = run(batch) { context in try context.execute(BatchDeleteRequest(request)) }
        let savedResult = run(saved) { context in
            for object in try context.fetch(request) { context.delete(object) }
            try context.save()
        }
        return (batchResult, savedResult)
    }

    @Test func aBatchDeleteLeavesTheStoreAndChangeSetOfTheSameObjectByObjectSave() throws {
        for seed in TestEnvironment.randomSeeds(defaultCount: 40, defaultFirst: 0xBA7C_DE00) {
            var random = SplitMix64(seed: seed)
            let batch = try Self.store(seed: seed), saved = try Self.store(seed: seed)
            let labels = (0..<4).filter { _ in random.next() % 2 == 0 }.map { "\($0)" }
            let outcome: (batch: Result<[String], any Error>, saved: Result<[String], any Error>)
            switch random.next() % 7 {
            case 0: outcome = Self.delete(FetchRequest<Event>(predicate: try FetchPredicate(format: "attendance < %@", Int(random.next() % 100))), batch: batch, saved: saved)
            case 1: outcome = Self.delete(FetchRequest<Sport>(predicate: try FetchPredicate(format: "name IN %@", labels.map { "s\($0)" })), batch: batch, saved: saved)
            case 2: outcome = Self.delete(FetchRequest<Venue>(predicate: try FetchPredicate(format: "city IN %@", labels.map { "c\($0)" })), batch: batch, saved: saved)
            case 3: outcome = Self.delete(FetchRequest<League>(predicate: try FetchPredicate(format: "title IN %@", labels.map { "l\($0)" })), batch: batch, saved: saved)
            case 4: outcome = Self.delete(FetchRequest<Team>(predicate: try FetchPredicate(format: "name IN %@", labels.map { "team\($0)" })), batch: batch, saved: saved)
            case 5: outcome = Self.delete(FetchRequest<Badge>(predicate: try FetchPredicate(format: "label IN %@", labels.map { "b\($0)" })), batch: batch, saved: saved)
            default: outcome = Self.delete(FetchRequest<Tag>(predicate: try FetchPredicate(format: "label IN %@", labels.map { "t\($0)" })), batch: batch, saved: saved)
            }
            let seedText = TestEnvironment.describe(seed: seed)
            switch outcome {
            case let (.success(batchSet), .success(savedSet)):
                #expect(batchSet == savedSet, "seed \(seedText): change sets")
            case let (.failure(batchError), .failure(savedError)):
                #expect(Self.describe(batchError) == Self.describe(savedError), "seed \(seedText): errors")
            default:
                Issue.record("seed \(seedText): one way failed, the other did not: \(outcome)")
            }
            #expect(try Self.contents(batch) == Self.contents(saved), "seed \(seedText): stores")
        }
    }

    @Test func aDenyRuleFailsTheWholeRequestNamingTheObjectAndChangesNothing() throws {
        let container = try Self.store(seed: 1)
        let context = container.newBackgroundContext()
        let before = try Self.contents(container)
        let (league, teams) = try context.performAndWait { () throws in
            let league = try context.fetch(League.self).first { !$0.teams.isEmpty }!
            return (league.objectID, league.teams.map(\.objectID).sorted { $0.key < $1.key })
        }
        #expect {
            try context.performAndWait { () throws in _ = try context.execute(BatchDeleteRequest<League>(predicate: nil)) }
        } throws: { error in
            guard case ObjectStoreError.validation(let failures) = error else { return false }
            return failures.contains(.deleteDenied(league, relationship: "teams", related: teams))
        }
        #expect(try Self.contents(container) == before)
    }

    @Test func cascadesAreListedApartAndEveryDeletedObjectLeavesItsContexts() async throws {
        let container = try Self.store(seed: 2)
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let held = try await viewer.perform { () throws in try viewer.fetch(Event.self).filter { $0.sport != nil }.map(\.objectID) }
        let context = container.newBackgroundContext()
        let result = try await context.perform { () throws in try context.execute(BatchDeleteRequest<Sport>(predicate: nil)) }
        #expect(result.count == 4)
        #expect(Set(result.cascadedObjectIDs) == Set(held))
        #expect(result.historyToken != nil)
        let history = try await context.perform { try context.fetchHistory(after: nil).last! }
        #expect(history.changes.filter { $0.changeType == .delete }.count == 4 + held.count)
        await eventually {
            viewer.performAndWait { held.allSatisfy { (try? viewer.existingObject(with: $0)) == nil } }
        }
        let remaining = try await context.perform { () throws in try context.count(for: FetchRequest<Event>(predicate: try FetchPredicate(format: "sport != nil"))) }
        #expect(remaining == 0)
    }

    @Test func theExecutingContextShowsTheDeleteEvenWithoutMerging() throws {
        let container = try Self.store(seed: 3)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let events = try context.fetch(Event.self)
            let tags = try context.fetch(Tag.self)
            #expect(!events.isEmpty)
            try context.execute(BatchDeleteRequest<Event>(predicate: nil))
            let allDeleted = events.allSatisfy(\.isDeleted)
            let noneLinked = tags.allSatisfy(\.events.isEmpty)
            #expect(allDeleted)
            #expect(noneLinked)
            #expect(try context.fetch(Event.self).isEmpty)
        }
    }
}

/// `object` after `body` set its values.
private func with<Object: ManagedObject>(_ object: Object, _ body: (Object) -> Void) -> Object {
    body(object)
    return object
}

extension FetchRequest {
    fileprivate init(predicate: FetchPredicate<Entity>) {
        self.init()
        self.predicate = predicate
    }
}
