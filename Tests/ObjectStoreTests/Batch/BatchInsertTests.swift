import Foundation
import ObjectStore
import TestSupport
import Testing

/// A table row of a league: one per league and team (a compound uniqueness constraint).
final class Standing: ManagedObject {
    @Attribute var league = ""
    @Attribute var team = ""
    @Attribute var points = 0
    @Attribute var played = 0
    @Attribute var note: String?
    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Standing.league, \Standing.team, unique: true)]
    }
}

@Suite struct BatchInsertTests {
    private static let standings = ManagedObjectModel([Standing.self])

    private static func standingsStore() throws -> PersistentContainer {
        try PersistentContainer(name: "Standings", model: standings, store: StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Standings"))))
    }

    /// Every standing as a line, sorted.
    private static func contents(_ container: PersistentContainer) throws -> [String] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws in
            try context.fetch(Standing.self).map { "\($0.league)/\($0.team) \($0.points) \($0.played) \($0.note ?? "-")" }.sorted()
        }
    }

    /// A change set as lines naming each object by its league and team (keys differ between the
    /// two stores compared).
    private static func describe(_ changeSet: ChangeSet?, in container: PersistentContainer) throws -> [String] {
        guard let changeSet else { return [] }
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws in
            func name(_ id: ObjectID) throws -> String {
                let standing = try context.existingObject(with: id) as! Standing
                return "\(standing.league)/\(standing.team)"
            }
            return try (changeSet.insertedObjectIDs.map { "+ \(try name($0))" }
                + changeSet.changedKeys.map { "~ \(try name($0.key)) \($0.value.sorted())" }).sorted()
        }
    }

    /// One random row: a league and team of a small set (so rows repeat and match), and some of
    /// the other attributes.
    private static func randomRow(_ random: inout SplitMix64) -> [String: any AttributeValue] {
        var row: [String: any AttributeValue] = ["league": "L\(random.next() % 2)", "team": "T\(random.next() % 6)"]
        if random.next() % 2 == 0 { row["points"] = Int(random.next() % 4) }
        if random.next() % 2 == 0 { row["played"] = Int(random.next() % 3) }
        if random.next() % 4 == 0 { row["note"] = random.next() % 2 == 0 ? "n\(random.next() % 3)" : String?.none }
        return row
    }

    /// What the rows do, object by object: each row updates the standing its league and team
    /// name (the values it sets), or inserts one.
    private static func saveObjectByObject(_ rows: [[String: any AttributeValue]], into context: ManagedObjectContext) throws {
        for row in rows {
            var request = FetchRequest<Standing>()
            request.predicate = try FetchPredicate(format: "league == %@ AND team == %@", row["league"] as! String, row["team"] as! String)
            let standing = try context.fetch(request).first ?? context.insert(Standing.self)
            standing.league = row["league"] as! String
            standing.team = row["team"] as! String
            if let points = row["points"] as? Int { standing.points = points }
            if let played = row["played"] as? Int { standing.played = played }
            if let note = row["note"] { standing.note = note as? String }
        }
        try context.save()
    }

    @Test func anUpsertOnACompoundConstraintLeavesTheStoreAndChangeSetOfTheSameObjectByObjectSave() throws {
        for seed in TestEnvironment.randomSeeds(defaultCount: 30, defaultFirst: 0xBA7C_1500) {
            var random = SplitMix64(seed: seed)
            let initial = (0..<5).map { _ in Self.randomRow(&random) }
            let rows = (0..<Int(random.next() % 12)).map { _ in Self.randomRow(&random) }
            let batch = try Self.standingsStore(), saved = try Self.standingsStore()
            var sets: [[String]] = []
            for (container, isBatch) in [(batch, true), (saved, false)] {
                let context = container.newBackgroundContext()
                try context.performAndWait { () throws in try Self.saveObjectByObject(initial, into: context) }
                let recorded = Recorder<ChangeSet>()
                let token = container.addChangeSetObserver { recorded.append($0) }
                try context.performAndWait { () throws in
                    if isBatch {
                        let result = try context.execute(BatchInsertRequest<Standing>(objects: rows))
                        #expect(result.count == (recorded.values.first.map { $0.insertedObjectIDs.count + $0.changedKeys.count } ?? 0))
                    } else {
                        try Self.saveObjectByObject(rows, into: context)
                    }
                }
                token.cancel()
                #expect(recorded.values.count <= 1)
                sets.append(try Self.describe(recorded.values.first, in: container))
            }
            let seedText = TestEnvironment.describe(seed: seed)
            #expect(sets[0] == sets[1], "seed \(seedText): change sets")
            #expect(try Self.contents(batch) == Self.contents(saved), "seed \(seedText): stores")
        }
    }

    @Test func rowsWithoutAConstraintInsertEveryRowWithTheModelsDefaults() throws {
        let (container, _) = try TestModel.onDisk(name: "BatchInsert")
        let context = container.newBackgroundContext()
        let (result, events) = try context.performAndWait { () throws in
            let result = try context.execute(BatchInsertRequest<Event>(count: 50) { number, row in
                row.set(\.code, to: "e\(number)")
                row.set(\.attendance, to: number)
            })
            return (result, try context.fetch(Event.self).map { ($0.code, $0.attendance, $0.title, $0.isLive) })
        }
        #expect(result.insertedObjectIDs.count == 50 && result.updatedObjectIDs.isEmpty)
        #expect(Set(events.map(\.0)) == Set((0..<50).map { "e\($0)" }))
        #expect(events.allSatisfy { $0.0 == "e\($0.1)" && $0.2 == "" && !$0.3 })
        let history = try context.performAndWait { try context.fetchHistory(after: nil) }
        #expect(history.last?.changes.count == 50 && history.last?.changes.allSatisfy { $0.changeType == .insert } == true)
    }

    @Test func insertedAndUpdatedObjectsReachControllersOfOtherContexts() async throws {
        let container = try Self.standingsStore()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in try Self.saveObjectByObject([["league": "A", "team": "x", "points": 1]], into: context) }
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let x = try viewer.performAndWait { () throws in try viewer.fetch(Standing.self).first! }
        let events = Recorder<ChangeEvent>()
        let token = viewer.addChangeObserver { events.append($0) }
        let result = try await context.perform { () throws in
            try context.execute(BatchInsertRequest<Standing>(objects: [["league": "A", "team": "x", "points": 3], ["league": "A", "team": "y"]]))
        }
        #expect(result.insertedObjectIDs.count == 1 && result.updatedObjectIDs.count == 1)
        await eventually { events.values.contains { $0.kind == .merge && $0.insertedObjectIDs.count == 1 && $0.changedKeys.values.contains(["points"]) } }
        #expect(viewer.performAndWait { x.points } == 3)
        token.cancel()
    }

    @Test func aRequestThatDoesNotFitTheEntityChangesNothingAndSaysWhy() throws {
        let container = try Self.standingsStore()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in try Self.saveObjectByObject([["league": "A", "team": "x"]], into: context) }
        let before = try Self.contents(container)
        for (request, words) in [
            (BatchInsertRequest<Standing>(objects: [["league": "A", "team": "y", "goals": 2]]), "goals is not an attribute"),
            (BatchInsertRequest<Standing>(objects: [["league": "A", "team": "y", "points": "3"]]), "points holds integer values"),
            ({ var request = BatchInsertRequest<Standing>(objects: [["league": "A", "team": "y"]]); request.uniquenessConstraint = ["team"]; return request }(), "(team) is not a uniqueness constraint"),
        ] {
            #expect {
                try context.performAndWait { () throws in _ = try context.execute(request) }
            } throws: { error in
                guard case .invalidBatchRequest(let entity, _) = error as? ObjectStoreError else { return false }
                return entity == "Standing" && "\(error)".contains(words)
            }
        }
        #expect(try Self.contents(container) == before)
        // An attribute without a default needs a value in every row.
        let (events, _) = try TestModel.onDisk(name: "BatchInsertRequired")
        let eventContext = events.newBackgroundContext()
        #expect {
            try eventContext.performAndWait { () throws in
                _ = try eventContext.execute(BatchInsertRequest<Event>(objects: [["code": "a"], ["title": "no code", "note": String?.none]]))
            }
        } throws: { error in
            "\(error)".contains("row 1 sets no code, which is not optional and has no default")
        }
        #expect(try eventContext.performAndWait { () throws in try eventContext.count(for: FetchRequest<Event>()) } == 0)
    }

    @Test func anEntityWithSeveralConstraintsNamesTheOneAndARowRepeatingAnotherFailsTheWholeRequest() throws {
        let container = try PersistentContainer(
            name: "Fixtures", model: ManagedObjectModel([Fixture.self]),
            store: StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Fixtures"))))
        let context = container.newBackgroundContext()
        let stored = try context.performAndWait { () throws -> [String] in
            let rows: [[String: any AttributeValue]] = [["code": "f1", "home": "A", "away": "B"], ["code": "f2", "home": "B", "away": "A"]]
            #expect {
                try context.execute(BatchInsertRequest<Fixture>(objects: rows))
            } throws: { error in
                "\(error)".contains("several uniqueness constraints") && "\(error)".contains("set uniquenessConstraint")
            }
            var request = BatchInsertRequest<Fixture>(objects: rows)
            request.uniquenessConstraint = ["away", "home"]
            #expect(try context.execute(request).insertedObjectIDs.count == 2)
            // Matched by home and away, the second row is new, and its code repeats f2's.
            request = BatchInsertRequest<Fixture>(objects: [["code": "f3", "home": "A", "away": "B"], ["code": "f2", "home": "C", "away": "D"]])
            request.uniquenessConstraint = ["home", "away"]
            #expect {
                try context.execute(request)
            } throws: { error in
                guard case .validation(let failures) = error as? ObjectStoreError else { return false }
                return failures == [.uniquenessViolated(entity: "Fixture", keys: ["code"])]
            }
            return try context.fetch(Fixture.self).map { "\($0.code) \($0.home)-\($0.away)" }.sorted()
        }
        #expect(stored == ["f1 A-B", "f2 B-A"])
    }
}

/// A match between two teams, with a code of its own: two uniqueness constraints.
final class Fixture: ManagedObject {
    @Attribute(.unique) var code = ""
    @Attribute var home = ""
    @Attribute var away = ""
    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\Fixture.home, \Fixture.away, unique: true)]
    }
}
