package import Foundation
package import ObjectStore
import SeededRandom

/// The live feed's script: each step changes the store the way a sports feed does (scores and
/// odds change, matches kick off and finish, new matches appear, sports come and go) and saves.
///
/// A value with its own seeded generator: from the same store contents and the same seed, the
/// same steps happen, whatever the pace they are played at. Each step reads what it changes
/// from the context, in a fixed order, so it is always valid for the store as it is.
///
/// ```swift
/// let context = try ScoreboardStore.open(.inMemory, seed: 42).newBackgroundContext()
/// var feed = LiveFeed(seed: 42)
/// let event = try context.performAndWait { try feed.step(in: context) }
/// print(event)  // Spurs v Lakers 2:1
/// ```
package struct LiveFeed: Sendable {
    private var random: SplitMix64
    /// The code the next new match takes; read from the store at the first step.
    private var nextCode: Int?
    /// The feed's clock, in minutes from ``epoch``: kick-off times are drawn around it.
    private var minute = 0

    /// The feed's time zero: kick-off times are this date plus whole minutes.
    package static let epoch = Date(timeIntervalSince1970: 1_772_366_400)  // 2026-03-01 12:00 UTC
    /// The most matches the feed keeps; past it, it finishes and removes matches before adding.
    static let crowdedMatchCount = 36
    /// The fewest matches the feed keeps; below it, it adds matches.
    static let sparseMatchCount = 8

    package init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    // MARK: Steps

    /// Makes one change and saves it (call it on the context's queue).
    ///
    /// - Returns: What changed.
    /// - Throws: What the context's save throws.
    package mutating func step(in context: ManagedObjectContext) throws(ObjectStoreError) -> FeedEvent {
        let sports = try fetchSports(context)
        let matches = try fetchMatches(context)
        // Past every code in the store, another host's new matches included.
        nextCode = max(nextCode ?? 1, (matches.map(\.code).max() ?? 0) + 1)
        minute += Int.random(in: 1...4, using: &random)
        let event = try change(sports: sports, matches: matches, in: context)
        try context.save()
        return event
    }

    private mutating func change(sports: [Sport], matches: [Match], in context: ManagedObjectContext) throws(ObjectStoreError) -> FeedEvent {
        let live = matches.filter { $0.status == .live }
        let upcoming = matches.filter { $0.status == .upcoming }
        let finished = matches.filter { $0.status == .finished }
        let open = matches.filter { $0.status != .finished }
        if sports.isEmpty { return try addSport(existing: sports, in: context) }
        if matches.count >= Self.crowdedMatchCount {
            if let match = finished.first { return remove(match, in: context) }
            if let match = live.first { return finish(match) }
        }
        if matches.count < Self.sparseMatchCount { return try addMatch(sports: sports, in: context) }
        switch pickKind() {
        case .score where !live.isEmpty:
            return score(pick(live))
        case .odds where !open.isEmpty:
            return changeOdds(pick(open))
        case .kickOff where !upcoming.isEmpty:
            return kickOff(upcoming.min { ($0.start, $0.code) < ($1.start, $1.code) }!)
        case .finish where !live.isEmpty:
            return finish(pick(live))
        case .removeFinished where !finished.isEmpty:
            return remove(finished[0], in: context)
        case .feature where !open.isEmpty:
            return toggleFeatured(pick(open))
        case .sportArrives where sports.count < FeedCatalog.entries.count:
            return try addSport(existing: sports, in: context)
        case .sportLeaves where sports.count > 2:
            return removeSport(pick(sports), in: context)
        default:
            return try addMatch(sports: sports, in: context)
        }
    }

    /// The kind of the next change, drawn with weights that keep the list lively but legible.
    private mutating func pickKind() -> FeedEvent.Kind {
        let weights: [(FeedEvent.Kind, Int)] = [
            (.score, 30), (.odds, 22), (.kickOff, 10), (.finish, 8), (.removeFinished, 6),
            (.newMatch, 12), (.feature, 6), (.sportArrives, 3), (.sportLeaves, 2),
        ]
        var roll = Int.random(in: 0..<weights.reduce(0) { $0 + $1.1 }, using: &random)
        for (kind, weight) in weights {
            if roll < weight { return kind }
            roll -= weight
        }
        return .newMatch
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &random)]
    }

    // MARK: Changes

    private mutating func score(_ match: Match) -> FeedEvent {
        if Bool.random(using: &random) { match.homeScore += 1 } else { match.awayScore += 1 }
        return FeedEvent(kind: .score, text: "\(match.home) v \(match.away) \(match.homeScore):\(match.awayScore)")
    }

    private mutating func changeOdds(_ match: Match) -> FeedEvent {
        match.homeOdds = nudged(match.homeOdds)
        match.drawOdds = nudged(match.drawOdds)
        match.awayOdds = nudged(match.awayOdds)
        return FeedEvent(kind: .odds, text: "odds \(match.home) v \(match.away) \(Self.oddsText(match))")
    }

    private mutating func nudged(_ odds: Double) -> Double {
        let factor = Double(Int.random(in: 85...115, using: &random)) / 100
        return min(30, max(1.01, (odds * factor * 100).rounded() / 100))
    }

    private func kickOff(_ match: Match) -> FeedEvent {
        match.status = .live
        match.homeScore = 0
        match.awayScore = 0
        return FeedEvent(kind: .kickOff, text: "kick-off \(match.home) v \(match.away)")
    }

    private func finish(_ match: Match) -> FeedEvent {
        match.status = .finished
        match.isFeatured = false
        return FeedEvent(kind: .finish, text: "full time \(match.home) v \(match.away) \(match.homeScore):\(match.awayScore)")
    }

    private func remove(_ match: Match, in context: ManagedObjectContext) -> FeedEvent {
        let text = "removed \(match.home) v \(match.away)"
        context.delete(match)
        return FeedEvent(kind: .removeFinished, text: text)
    }

    private func toggleFeatured(_ match: Match) -> FeedEvent {
        match.isFeatured.toggle()
        return FeedEvent(kind: .feature, text: "\(match.isFeatured ? "featured" : "unfeatured") \(match.home) v \(match.away)")
    }

    private mutating func addMatch(sports: [Sport], in context: ManagedObjectContext) throws(ObjectStoreError) -> FeedEvent {
        let match = try insertMatch(of: pick(sports), status: .upcoming, in: context)
        return FeedEvent(kind: .newMatch, text: "new \(match.home) v \(match.away)")
    }

    private mutating func addSport(existing: [Sport], in context: ManagedObjectContext) throws(ObjectStoreError) -> FeedEvent {
        let names = Set(existing.map(\.name))
        let missing = FeedCatalog.entries.indices.filter { !names.contains(FeedCatalog.entries[$0].sport) }
        let index = pick(missing)
        let sport = try insertSport(at: index, in: context)
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            _ = try insertMatch(of: sport, status: .upcoming, in: context)
        }
        return FeedEvent(kind: .sportArrives, text: "\(sport.name) arrives")
    }

    private func removeSport(_ sport: Sport, in context: ManagedObjectContext) -> FeedEvent {
        let text = "\(sport.name) leaves"
        context.delete(sport)
        return FeedEvent(kind: .sportLeaves, text: text)
    }

    // MARK: Seeding

    /// Inserts the first data set of a new store (without saving): the first sports of the
    /// catalogue, each with live, upcoming and featured matches.
    package mutating func seedFirstDataSet(in context: ManagedObjectContext) throws(ObjectStoreError) {
        nextCode = 1
        for index in 0..<FeedCatalog.initialSportCount {
            let sport = try insertSport(at: index, in: context)
            for number in 0..<5 {
                let match = try insertMatch(of: sport, status: number < 2 ? .live : .upcoming, in: context)
                if match.status == .live {
                    match.homeScore = Int.random(in: 0...3, using: &random)
                    match.awayScore = Int.random(in: 0...3, using: &random)
                }
                match.isFeatured = number == 0 || number == 3
            }
        }
    }

    private func insertSport(at index: Int, in context: ManagedObjectContext) throws(ObjectStoreError) -> Sport {
        let sport = try context.insert(Sport.self)
        sport.name = FeedCatalog.entries[index].sport
        sport.rank = index + 1
        return sport
    }

    private mutating func insertMatch(of sport: Sport, status: MatchStatus, in context: ManagedObjectContext) throws(ObjectStoreError) -> Match {
        let teams = FeedCatalog.entry(named: sport.name)?.teams ?? ["Home", "Away"]
        let first = Int.random(in: 0..<teams.count, using: &random)
        let second = (first + Int.random(in: 1..<teams.count, using: &random)) % teams.count
        let match = try context.insert(Match.self)
        let code = nextCode ?? 1
        nextCode = code + 1
        match.code = code
        match.home = teams[first]
        match.away = teams[second]
        match.homeOdds = Double(Int.random(in: 120...450, using: &random)) / 100
        match.drawOdds = Double(Int.random(in: 250...420, using: &random)) / 100
        match.awayOdds = Double(Int.random(in: 120...450, using: &random)) / 100
        match.status = status
        let offset = status == .live ? -Int.random(in: 5...80, using: &random) : Int.random(in: 10...240, using: &random)
        match.start = Self.epoch.addingTimeInterval(Double((minute + offset) * 60))
        match.sport = sport
        return match
    }

    // MARK: Reading

    private func fetchSports(_ context: ManagedObjectContext) throws(ObjectStoreError) -> [Sport] {
        Array(try context.fetch(FetchRequest<Sport>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])))
    }

    private func fetchMatches(_ context: ManagedObjectContext) throws(ObjectStoreError) -> [Match] {
        Array(try context.fetch(FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.code)])))
    }

    /// Odds as the list shows them: `1.85 3.40 4.20`.
    package static func oddsText(_ match: Match) -> String {
        [match.homeOdds, match.drawOdds, match.awayOdds].map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
