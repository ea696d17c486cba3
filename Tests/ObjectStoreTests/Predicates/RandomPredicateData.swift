import Foundation
import ObjectStore
import TestSupport

/// Value pools for random predicate tests: edge cases of every type (nil, empty strings,
/// non-ASCII, NUL, wildcards, NaN, infinities, extreme integers).
enum RandomPredicateData {
    static let strings: [String?] = [
        nil, "", "a", "A", "b", "Z", "z", "Ärger", "arger", "ARGER", "ärger", "Straße", "STRASSE", "strasse", "e\u{301}", "é", "É", "E",
        "file 2", "File 10", "file 010", "f?le", "50%", "a_b", "a*b", "a?b", "back\\slash", "quo'te", "dq\"x", "nul\u{0}byte", "nul",
        "😀", "😀x", "İstanbul", "istanbul", "ı", "ǅ", "ﬁ", "fi", " space", "1", "10", "9", "x'; DROP TABLE Player; --", "%", "_",
    ]
    static let patterns: [String] = [
        "*", "?", "a*", "*r", "*ger", "?rger", "A*", "file ?", "file *", "f\\?le", "a\\*b", "*\\\\*", "50%", "a_b", "", "**", "?*?",
        "e*", "str*e", "É", "nul*", "😀?", "*s*", "\\",
    ]
    static let regexes: [String] = [
        ".*", "a.*", ".*er", "[a-z]+", "\\d+", ".", "ä.*", "file \\d+", "(?i)straße", "[aä]rger", "[^a-z]*", "e\u{301}|é", ".*\\*.*",
        "x|y|z", "nul.*",
    ]
    static let integers: [Int64] = [-1, 0, 1, 2, 3, 7, 18, 25, 40, 100, .max, .min]
    static let doubles: [Double] = [0, -0.0, 0.5, 1, 2.5, 24.999, 1e300, -1e300, .infinity, -.infinity, .nan, 9_007_199_254_740_992, Double(Int64.max)]
    static let dates: [Date?] = [nil, Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1.5),
                                 Date(timeIntervalSinceReferenceDate: 1000), Date(timeIntervalSinceReferenceDate: 700_000_000.25)]
    static let decimals: [Decimal?] = [nil, Decimal(string: "1.5"), Decimal(string: "10"), Decimal(string: "9.99"), Decimal(string: "-3"), Decimal(0)]
    static let uuids: [UUID?] = [nil, UUID(uuidString: "00000000-0000-0000-0000-000000000001"), UUID(uuidString: "FFFFFFFF-0000-0000-0000-000000000000")]
    static let datas: [Data?] = [nil, Data(), Data([0]), Data([1, 2, 3]), Data([255])]
    static let urls: [URL?] = [nil, URL(string: "https://example.com/a"), URL(string: "https://example.com/%C3%A4"), URL(string: "file:///tmp/x")]

    /// A random element of a non-empty array.
    static func pick<T>(_ values: [T], _ generator: inout SplitMix64) -> T {
        values[Int.random(in: 0..<values.count, using: &generator)]
    }

    /// A random string of ``strings`` for a stored value; its NUL characters become spaces when
    /// the store's text holds none (PostgreSQL's), the sequence of random numbers unchanged.
    static func storedText(_ generator: inout SplitMix64, holdsNUL: Bool) -> String? {
        let text = pick(strings, &generator)
        return holdsNUL ? text : text?.replacingOccurrences(of: "\u{0}", with: " ")
    }

    /// Objects of a random store.
    struct Objects {
        var regions: [Region]
        var clubs: [Club]
        var players: [Player]
        var medals: [Medal]
    }

    /// Fills a store with random regions, clubs, players and medals; returns them (saved,
    /// registered in `context`). Without `textHoldsNUL`, no stored string has a NUL character.
    @MainActor
    static func populate(_ context: ManagedObjectContext, players count: Int, textHoldsNUL: Bool = true, _ generator: inout SplitMix64) throws -> Objects {
        var medals: [Medal] = []
        for _ in 0..<4 {
            let medal = try context.insert(Medal.self)
            medal.label = storedText(&generator, holdsNUL: textHoldsNUL)
            medals.append(medal)
        }
        var regions: [Region] = []
        for _ in 0..<3 {
            let region = try context.insert(Region.self)
            region.title = storedText(&generator, holdsNUL: textHoldsNUL)
            region.code = Int(pick(integers, &generator))
            regions.append(region)
        }
        var clubs: [Club] = []
        for _ in 0..<6 {
            let club = try context.insert(Club.self)
            club.name = storedText(&generator, holdsNUL: textHoldsNUL)
            club.rank = Bool.random(using: &generator) ? Int(pick(integers, &generator)) : nil
            club.region = Int.random(in: 0..<4, using: &generator) == 0 ? nil : pick(regions, &generator)
            clubs.append(club)
        }
        var objects = Objects(regions: regions, clubs: clubs, players: [], medals: medals)
        for _ in 0..<count {
            objects.players.append(try insertPlayer(context, objects, textHoldsNUL: textHoldsNUL, &generator))
        }
        try context.save()
        return objects
    }

    /// A new player with random values, pointing at random objects of `objects`.
    @MainActor
    static func insertPlayer(_ context: ManagedObjectContext, _ objects: Objects, textHoldsNUL: Bool, _ generator: inout SplitMix64) throws -> Player {
        let player = try context.insert(Player.self)
        for attribute in 0..<11 { change(player, attribute: attribute, textHoldsNUL: textHoldsNUL, &generator) }
        player.club = Int.random(in: 0..<4, using: &generator) == 0 || objects.clubs.isEmpty ? nil : pick(objects.clubs, &generator)
        player.mentor = objects.players.isEmpty || Bool.random(using: &generator) ? nil : pick(objects.players, &generator)
        player.medals = Set(objects.medals.filter { _ in Int.random(in: 0..<3, using: &generator) == 0 })
        return player
    }

    /// Gives one attribute of `player` (0 to 10) a random value.
    @MainActor
    static func change(_ player: Player, attribute: Int, textHoldsNUL: Bool, _ generator: inout SplitMix64) {
        switch attribute {
        case 0: player.name = storedText(&generator, holdsNUL: textHoldsNUL)
        case 1: player.nick = storedText(&generator, holdsNUL: textHoldsNUL) ?? ""
        case 2: player.age = Int.random(in: 0..<5, using: &generator) == 0 ? nil : Int(pick(integers, &generator))
        case 3: player.level = Int.random(in: -3...3, using: &generator)
        case 4: player.score = Int.random(in: 0..<5, using: &generator) == 0 ? nil : pick(doubles, &generator)
        case 5: player.active = Bool.random(using: &generator)
        case 6: player.born = pick(dates, &generator)
        case 7: player.tag = pick(uuids, &generator)
        case 8: player.blob = pick(datas, &generator)
        case 9: player.salary = pick(decimals, &generator)
        default: player.site = pick(urls, &generator)
        }
    }

    /// Makes `count` random unsaved changes: values of every entity, to-one and many-to-many
    /// relationships, inserted players, deleted players and clubs. `objects` keeps the objects
    /// that are not deleted. Without `textHoldsNUL`, no stored string has a NUL character.
    @MainActor
    static func mutate(_ context: ManagedObjectContext, _ objects: inout Objects, count: Int, textHoldsNUL: Bool = true, _ generator: inout SplitMix64) throws {
        for _ in 0..<count {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0, 1, 2:
                guard !objects.players.isEmpty else { continue }
                change(pick(objects.players, &generator), attribute: Int.random(in: 0..<11, using: &generator), textHoldsNUL: textHoldsNUL, &generator)
            case 3:
                guard !objects.players.isEmpty else { continue }
                pick(objects.players, &generator).club = Int.random(in: 0..<4, using: &generator) == 0 || objects.clubs.isEmpty ? nil : pick(objects.clubs, &generator)
            case 4:
                guard !objects.players.isEmpty else { continue }
                pick(objects.players, &generator).mentor = Bool.random(using: &generator) ? nil : pick(objects.players, &generator)
            case 5:
                guard !objects.players.isEmpty else { continue }
                pick(objects.players, &generator).medals = Set(objects.medals.filter { _ in Int.random(in: 0..<3, using: &generator) == 0 })
            case 6:
                objects.players.append(try insertPlayer(context, objects, textHoldsNUL: textHoldsNUL, &generator))
            case 7:
                guard !objects.players.isEmpty else { continue }
                context.delete(objects.players.remove(at: Int.random(in: 0..<objects.players.count, using: &generator)))
            case 8:
                guard objects.clubs.count > 1, Int.random(in: 0..<3, using: &generator) == 0 else { continue }
                context.delete(objects.clubs.remove(at: Int.random(in: 0..<objects.clubs.count, using: &generator)))
            case 9:
                guard !objects.clubs.isEmpty else { continue }
                let club = pick(objects.clubs, &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: club.name = storedText(&generator, holdsNUL: textHoldsNUL)
                case 1: club.rank = Bool.random(using: &generator) ? Int(pick(integers, &generator)) : nil
                default: club.region = Int.random(in: 0..<4, using: &generator) == 0 ? nil : pick(objects.regions, &generator)
                }
            case 10:
                let region = pick(objects.regions, &generator)
                if Bool.random(using: &generator) { region.title = storedText(&generator, holdsNUL: textHoldsNUL) } else { region.code = Int(pick(integers, &generator)) }
            default:
                pick(objects.medals, &generator).label = storedText(&generator, holdsNUL: textHoldsNUL)
            }
        }
    }
}
