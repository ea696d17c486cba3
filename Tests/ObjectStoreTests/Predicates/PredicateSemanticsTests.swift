import Foundation
import ObjectStore
import Testing

/// Each case runs in SQL and in memory; both must select exactly the expected objects.
@MainActor @Suite struct PredicateSemanticsTests {
    private struct Fixture {
        let container: PersistentContainer
        let context: ManagedObjectContext
        let players: [Player]
        let clubs: [Club]
        let regions: [Region]
    }

    private func fixture() throws -> Fixture {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let north = try context.insert(Region.self)
        north.title = "North"
        north.code = 1
        let south = try context.insert(Region.self)
        south.title = nil
        south.code = 2
        let lions = try context.insert(Club.self)
        lions.name = "Lions"
        lions.rank = 1
        lions.region = north
        let bears = try context.insert(Club.self)
        bears.name = "Bears"
        bears.rank = nil
        bears.region = south
        let empty = try context.insert(Club.self)
        empty.name = "Empty"
        empty.rank = 3
        var players: [Player] = []
        let rows: [(String?, Int?, Double?, Club?)] = [
            ("Ärger", 20, 1.5, lions), ("arger", 30, .nan, lions), ("ARGER", nil, 2, bears), ("Straße", 40, nil, bears),
            ("file 10", 25, 10, nil), ("File 2", 25, -0.0, nil), (nil, 18, 3, lions), ("", 50, 1e300, bears),
        ]
        for (index, row) in rows.enumerated() {
            let player = try context.insert(Player.self)
            player.name = row.0
            player.age = row.1
            player.score = row.2
            player.club = row.3
            player.level = index
            player.nick = "n\(index)"
            player.active = index % 2 == 0
            player.born = Date(timeIntervalSinceReferenceDate: Double(index) * 1000)
            players.append(player)
        }
        players[0].mentor = players[1]
        players[1].mentor = players[2]
        players[2].salary = Decimal(string: "10.50")
        players[3].salary = Decimal(string: "9.99")
        players[4].salary = Decimal(100)
        players[0].tag = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
        players[0].blob = Data([1, 2, 3])
        players[1].site = URL(string: "https://example.com/a")
        try context.save()
        return Fixture(container: container, context: context, players: players, clubs: [lions, bears, empty], regions: [north, south])
    }

    private func predicate(_ format: String, _ arguments: (any PredicateArgument)?...) throws -> FetchPredicate<Player> {
        try FetchPredicate(format: format, argumentArray: arguments)
    }

    @Test func nilIsUnknownInComparisonsAndNegations() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("age > 24"), in: f.context, [p[1], p[3], p[4], p[5], p[7]])
        try expectSelects(predicate("NOT age > 24"), in: f.context, [p[0], p[6]])
        try expectSelects(predicate("age != 25"), in: f.context, [p[0], p[1], p[3], p[6], p[7]])
        try expectSelects(predicate("age == nil"), in: f.context, [p[2]])
        try expectSelects(predicate("age != nil"), in: f.context, [p[0], p[1], p[3], p[4], p[5], p[6], p[7]])
        try expectSelects(predicate("nil == age"), in: f.context, [p[2]])
        try expectSelects(predicate("age > 24 OR age == nil"), in: f.context, [p[1], p[2], p[3], p[4], p[5], p[7]])
        try expectSelects(predicate("NOT (age > 24 AND name == 'zzz')"), in: f.context, p)
        try expectSelects(predicate("age < nil"), in: f.context, [])
        try expectSelects(predicate("age IN {20, nil}"), in: f.context, [p[0]])
        try expectSelects(predicate("NOT age IN {20, nil}"), in: f.context, [])
        try expectSelects(predicate("NOT age IN {}"), in: f.context, p)
        try expectSelects(predicate("TRUEPREDICATE"), in: f.context, p)
        try expectSelects(predicate("FALSEPREDICATE OR level == 3"), in: f.context, [p[3]])
    }

    @Test func caseAndDiacriticFolding() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("name == 'arger'"), in: f.context, [p[1]])
        try expectSelects(predicate("name ==[c] 'arger'"), in: f.context, [p[1], p[2]])
        try expectSelects(predicate("name ==[d] 'Arger'"), in: f.context, [p[0]])
        try expectSelects(predicate("name ==[cd] 'arger'"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name ==[c] 'STRASSE'"), in: f.context, [p[3]])
        try expectSelects(predicate("name BEGINSWITH[cd] 'ar'"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name CONTAINS[c] 'ss'"), in: f.context, [p[3]])
        try expectSelects(predicate("name ENDSWITH 'ger'"), in: f.context, [p[0], p[1]])
        try expectSelects(predicate("name IN[cd] {'ARGER', 'x'}"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name <[c] 'b'"), in: f.context, [p[1], p[2], p[7]])
        try expectSelects(predicate("name BETWEEN[cd] {'a', 'b'}"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name CONTAINS ''"), in: f.context, p.filter { $0.name != nil })
    }

    @Test func likeWildcardsAndEscapes() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("name LIKE '*ger'"), in: f.context, [p[0], p[1]])
        try expectSelects(predicate("name LIKE[c] '?RGER'"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name LIKE 'file ?'"), in: f.context, [])
        try expectSelects(predicate("name LIKE[c] 'file ?*'"), in: f.context, [p[4], p[5]])
        try expectSelects(predicate("name LIKE '*'"), in: f.context, p.filter { $0.name != nil })
        try expectSelects(predicate("name LIKE ''"), in: f.context, [p[7]])
        try expectSelects(predicate("name LIKE 'Stra?e'"), in: f.context, [p[3]])
        try expectSelects(predicate("nick LIKE 'n\\\\*'"), in: f.context, [])
        try expectSelects(predicate("nick LIKE 'n?'"), in: f.context, p)
    }

    @Test func regularExpressions() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("name MATCHES '[aä]rger'"), in: f.context, [p[1]])
        try expectSelects(predicate("name MATCHES[c] 'a.*'"), in: f.context, [p[0], p[1], p[2]].filter { $0.name!.lowercased().hasPrefix("a") })
        try expectSelects(predicate("name MATCHES[cd] 'arg.r'"), in: f.context, [p[0], p[1], p[2]])
        try expectSelects(predicate("name MATCHES 'file \\\\d+'"), in: f.context, [p[4]])
        #expect(throws: ObjectStoreError.self) {
            try f.context.fetchObjectIDs(FetchRequest(predicate: try predicate("name MATCHES '(unclosed'")))
        }
    }

    @Test func numbersNaNAndDates() throws {
        let f = try fixture()
        let p = f.players
        // NaN is stored as NULL, and unsaved NaN reads as NULL too.
        try expectSelects(predicate("score == nil"), in: f.context, [p[1], p[3]])
        try expectSelects(predicate("score > %@", Double.nan), in: f.context, [])
        try expectSelects(predicate("score == 0"), in: f.context, [p[5]])
        try expectSelects(predicate("score >= 2"), in: f.context, [p[2], p[4], p[6], p[7]])
        try expectSelects(predicate("score > 1.49999"), in: f.context, [p[0], p[2], p[4], p[6], p[7]])
        try expectSelects(predicate("age == 25.0"), in: f.context, [p[4], p[5]])
        try expectSelects(predicate("age < 20.5"), in: f.context, [p[0], p[6]])
        try expectSelects(predicate("age > %@", 9_007_199_254_740_993), in: f.context, [])
        try expectSelects(predicate("active == YES"), in: f.context, [p[0], p[2], p[4], p[6]])
        try expectSelects(predicate("active == 0"), in: f.context, [p[1], p[3], p[5], p[7]])
        try expectSelects(predicate("born BETWEEN %@", [Date(timeIntervalSinceReferenceDate: 1000), Date(timeIntervalSinceReferenceDate: 3000)]), in: f.context, [p[1], p[2], p[3]])
        try expectSelects(predicate("born < CAST(1000, 'NSDate')"), in: f.context, [p[0]])
        try expectSelects(predicate("salary > %@", Decimal(10)), in: f.context, [p[2], p[4]])
        try expectSelects(predicate("salary == CAST('10.5', 'NSDecimalNumber')"), in: f.context, [p[2]])
        try expectSelects(predicate("tag == %@", UUID(uuidString: "00000000-0000-0000-0000-000000000001")!), in: f.context, [p[0]])
        try expectSelects(predicate("blob == %@", Data([1, 2, 3])), in: f.context, [p[0]])
        try expectSelects(predicate("site == %@", URL(string: "https://example.com/a")!), in: f.context, [p[1]])
        try expectSelects(predicate("stats == nil"), in: f.context, [])
    }

    @Test func toOneKeyPathsObjectsAndSelf() throws {
        let f = try fixture()
        let p = f.players
        try expectSelects(predicate("club.name == 'Lions'"), in: f.context, [p[0], p[1], p[6]])
        try expectSelects(predicate("club.region.title == 'North'"), in: f.context, [p[0], p[1], p[6]])
        try expectSelects(predicate("club.region.title == nil"), in: f.context, [p[2], p[3], p[4], p[5], p[7]])
        try expectSelects(predicate("club.rank != 1"), in: f.context, [])
        try expectSelects(predicate("club == %@", f.clubs[1]), in: f.context, [p[2], p[3], p[7]])
        try expectSelects(predicate("club == %@", f.clubs[1].objectID), in: f.context, [p[2], p[3], p[7]])
        try expectSelects(predicate("club == nil"), in: f.context, [p[4], p[5]])
        try expectSelects(predicate("club IN %@", [f.clubs[0], f.clubs[2]]), in: f.context, [p[0], p[1], p[6]])
        try expectSelects(predicate("SELF == %@", p[3]), in: f.context, [p[3]])
        try expectSelects(predicate("SELF IN %@", [p[3].objectID, p[5].objectID]), in: f.context, [p[3], p[5]])
        try expectSelects(predicate("mentor.mentor.name == 'ARGER'"), in: f.context, [p[0]])
        try expectSelects(predicate("mentor.age > age"), in: f.context, [p[0]])
        try expectSelects(predicate("club.name == name"), in: f.context, [])
    }

    @Test func toManyQuantifiersAndCount() throws {
        let f = try fixture()
        let c = f.clubs
        func clubs(_ format: String, _ arguments: (any PredicateArgument)?...) throws -> FetchPredicate<Club> {
            try FetchPredicate(format: format, argumentArray: arguments)
        }
        try expectSelects(clubs("ANY players.age > 25"), in: f.context, [c[0], c[1]])
        try expectSelects(clubs("ANY players.age > 35"), in: f.context, [c[1]])
        try expectSelects(clubs("ALL players.age > 19"), in: f.context, [c[2]])
        try expectSelects(clubs("ALL players.age >= 18"), in: f.context, [c[0], c[2]])
        try expectSelects(clubs("NONE players.age > 35"), in: f.context, [c[0], c[2]])
        try expectSelects(clubs("NOT ANY players.age > 35"), in: f.context, [c[0], c[2]])
        try expectSelects(clubs("ANY players.name ==[cd] 'arger'"), in: f.context, [c[0], c[1]])
        try expectSelects(clubs("ANY players.score == nil"), in: f.context, [c[0], c[1]])
        try expectSelects(clubs("players.@count == 3"), in: f.context, [c[0], c[1]])
        try expectSelects(clubs("players.@count == 0"), in: f.context, [c[2]])
        try expectSelects(clubs("ANY players.mentor.name == 'arger'"), in: f.context, [c[0]])
        try expectSelects(clubs("ANY players.age > rank"), in: f.context, [c[0]])
        try expectSelects(clubs("'Straße' IN players.name"), in: f.context, [c[1]])
        try expectSelects(clubs("ANY players == %@", f.players[7]), in: f.context, [c[1]])
        try expectSelects(clubs("region.title == 'North' AND players.@count > 2"), in: f.context, [c[0]])
        try expectSelects(predicate("club.players.@count == 3 AND ANY club.players.age == 40"), in: f.context, [f.players[2], f.players[3], f.players[7]])
    }

    @Test func evaluateWithAnObjectUsesItsUnsavedValues() throws {
        let f = try fixture()
        let predicate = try predicate("age > 35 AND club.name == 'Bears'")
        #expect(try predicate.evaluate(with: f.players[3]))
        #expect(try !predicate.evaluate(with: f.players[0]))
        f.players[0].age = 99
        f.players[0].club = f.clubs[1]
        #expect(try predicate.evaluate(with: f.players[0]))
        #expect {
            try FetchPredicate<Player>(format: "nope == 1").evaluate(with: f.players[0])
        } throws: { error in
            guard case ObjectStoreError.invalidFetchRequest(.unknownKey(entity: "Player", key: "nope")) = error else { return false }
            return true
        }
    }

    @Test func variablesAreSubstituted() throws {
        let f = try fixture()
        let template = try predicate("age >= $MIN AND name != $NAME")
        try expectSelects(template.withSubstituting(["MIN": 40, "NAME": "x"]), in: f.context, [f.players[3], f.players[7]])
        try expectSelects(template.withSubstituting(["MIN": 40, "NAME": nil]), in: f.context, [f.players[3], f.players[7]])
        do {
            _ = try f.context.fetchObjectIDs(FetchRequest(predicate: template.withSubstituting(["MIN": 1])))
            Issue.record("an unresolved variable must fail")
        } catch ObjectStoreError.invalidFetchRequest(.unresolvedVariable("NAME")) {
        }
    }

    @Test func unknownKeysAndTypeMismatchesNameEntityAndKey() throws {
        let f = try fixture()
        func failure(_ format: String, _ arguments: (any PredicateArgument)?...) -> FetchPredicateError? {
            do {
                _ = try f.context.fetchObjectIDs(FetchRequest(predicate: try predicate(format, argumentArray: arguments)))
                return nil
            } catch ObjectStoreError.invalidFetchRequest(let error) {
                return error
            } catch {
                return nil
            }
        }
        #expect(failure("nope == 1") == .unknownKey(entity: "Player", key: "nope"))
        #expect(failure("club.nope == 1") == .unknownKey(entity: "Player", key: "club.nope"))
        #expect(failure("name.more == 1") == .unknownKey(entity: "Player", key: "name.more"))
        for format in ["age == 'x'", "name > 3", "name BEGINSWITH 3", "age BEGINSWITH 'a'", "age ==[c] 3", "club == 3",
                       "club < nil", "stats == 3", "born == 3", "club.players.age == 3", "ANY age == 3", "age BETWEEN {1}",
                       "age == {1, 2}", "name == age"] {
            guard case .typeMismatch(entity: "Player", key: _, reason: _)? = failure(format) else {
                Issue.record("\(format) gave \(String(describing: failure(format)))")
                continue
            }
        }
        guard case .typeMismatch("Player", "club", _)? = failure("club == %@", f.players[0]) else {
            Issue.record("an object of the wrong entity")
            return
        }
        #expect(FetchPredicateError.unknownKey(entity: "Player", key: "nope").description.contains("Player has no key 'nope'"))
    }

    private func predicate(_ format: String, argumentArray: [(any PredicateArgument)?]) throws -> FetchPredicate<Player> {
        try FetchPredicate(format: format, argumentArray: argumentArray)
    }
}
