import Foundation
import ObjectStore

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

    /// Fills a store with random regions, clubs and players; returns them (saved, registered in
    /// `context`).
    @MainActor
    static func populate(_ context: ManagedObjectContext, players count: Int, _ generator: inout SplitMix64) throws -> (regions: [Region], clubs: [Club], players: [Player]) {
        var medals: [Medal] = []
        for _ in 0..<4 {
            let medal = try context.insert(Medal.self)
            medal.label = pick(strings, &generator)
            medals.append(medal)
        }
        var regions: [Region] = []
        for _ in 0..<3 {
            let region = try context.insert(Region.self)
            region.title = pick(strings, &generator)
            region.code = Int(pick(integers, &generator))
            regions.append(region)
        }
        var clubs: [Club] = []
        for _ in 0..<6 {
            let club = try context.insert(Club.self)
            club.name = pick(strings, &generator)
            club.rank = Bool.random(using: &generator) ? Int(pick(integers, &generator)) : nil
            club.region = Int.random(in: 0..<4, using: &generator) == 0 ? nil : pick(regions, &generator)
            clubs.append(club)
        }
        var players: [Player] = []
        for _ in 0..<count {
            let player = try context.insert(Player.self)
            player.name = pick(strings, &generator)
            player.nick = pick(strings, &generator) ?? ""
            player.age = Int.random(in: 0..<5, using: &generator) == 0 ? nil : Int(pick(integers, &generator))
            player.level = Int.random(in: -3...3, using: &generator)
            player.score = Int.random(in: 0..<5, using: &generator) == 0 ? nil : pick(doubles, &generator)
            player.active = Bool.random(using: &generator)
            player.born = pick(dates, &generator)
            player.tag = pick(uuids, &generator)
            player.blob = pick(datas, &generator)
            player.salary = pick(decimals, &generator)
            player.site = pick(urls, &generator)
            player.club = Int.random(in: 0..<4, using: &generator) == 0 ? nil : pick(clubs, &generator)
            player.mentor = players.isEmpty || Bool.random(using: &generator) ? nil : pick(players, &generator)
            player.medals = Set(medals.filter { _ in Int.random(in: 0..<3, using: &generator) == 0 })
            players.append(player)
        }
        try context.save()
        return (regions, clubs, players)
    }
}
