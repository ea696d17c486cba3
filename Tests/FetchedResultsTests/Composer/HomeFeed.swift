import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport

/// Seeded random changes to a home screen's store, banners and decorations: inserts, updates of
/// sort, section and predicate keys, deletes, sports renamed and removed, saves from the view
/// context and from a background context.
@MainActor struct HomeFeed {
    static let groups = ["A", "B", "C", "D"]
    static let titles = ["alpha", "Beta", "gamma", "delta"]
    var random: SplitMix64
    let screen: HomeScreen
    let writer: ManagedObjectContext
    var nextBanner = 100
    var nextSportName = 0
    /// What the last step did, for failure messages.
    private(set) var lastOperation = ""

    init(screen: HomeScreen, seed: UInt64) {
        self.screen = screen
        random = SplitMix64(seed: seed)
        writer = screen.container.newBackgroundContext(name: "feed")
        writer.automaticallyMergesChangesFromParent = true
        writer.mergePolicy = .mergeByPropertyObjectTrump
        screen.context.mergePolicy = .mergeByPropertyObjectTrump
    }

    /// A store with a few sports and matches to start from.
    static func populate(_ container: PersistentContainer, seed: UInt64, matches: Int) throws {
        var random = SplitMix64(seed: seed ^ 0xF00D)
        let context = container.viewContext
        var sports: [Sport] = []
        for (rank, name) in ["Football", "Tennis", "Hockey"].enumerated() {
            let sport = try context.insertSport(name)
            sport.rank = rank
            sports.append(sport)
        }
        for index in 0..<matches {
            let match = try context.insertMatch("m\(index)")
            randomValues(match, sports: sports, &random)
        }
        try context.save()
    }

    static func randomValues(_ match: Match, sports: [Sport], _ random: inout SplitMix64) {
        match.title = titles[Int.random(in: 0..<titles.count, using: &random)]
        match.group = groups[Int.random(in: 0..<groups.count, using: &random)]
        match.score = Int.random(in: 0..<10, using: &random)
        match.isLive = random.next() % 3 == 0
        match.sport = sports.isEmpty || random.next() % 6 == 0 ? nil : sports[Int.random(in: 0..<sports.count, using: &random)]
    }

    /// One random change.
    mutating func step(banners: Bool = true, decorations: Bool = true) async throws {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<25: try changeInView()
        case 25..<65: try await changeInBackground()
        case 65..<73: try changeSports()
        case 73..<85 where banners: try replaceBanners()
        case 85..<100 where decorations: decorate()
        default: try await changeInBackground()
        }
    }

    /// Inserts, updates or deletes a match in the view context and saves.
    mutating func changeInView() throws {
        let context = screen.context
        let matches = Array(try context.fetch(Match.self))
        let sports = Array(try context.fetch(Sport.self))
        let roll = Int.random(in: 0..<3, using: &random)
        if roll == 0 || matches.count < 20 {
            let match = try context.insertMatch("new")
            Self.randomValues(match, sports: sports, &random)
            lastOperation = "view insert"
        } else if roll == 1 {
            let match = matches[Int.random(in: 0..<matches.count, using: &random)]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: match.score = Int.random(in: 0..<10, using: &random)
            case 1: match.group = Self.groups[Int.random(in: 0..<Self.groups.count, using: &random)]
            case 2: match.isLive.toggle()
            default: match.title = Self.titles[Int.random(in: 0..<Self.titles.count, using: &random)]
            }
            lastOperation = "view update"
        } else {
            context.delete(matches[Int.random(in: 0..<matches.count, using: &random)])
            lastOperation = "view delete"
        }
        try context.save()
    }

    /// Inserts, updates and deletes 1 to 5 matches in a background context, saves, and waits
    /// for the view context to merge.
    mutating func changeInBackground() async throws {
        let writer = self.writer
        var random = self.random
        let count = Int.random(in: 1...5, using: &random)
        let seed = random.next()
        self.random = random
        try writer.performAndWait {
            var random = SplitMix64(seed: seed)
            let matches = Array(try writer.fetch(Match.self))
            let sports = Array(try writer.fetch(Sport.self))
            for _ in 0..<count {
                let roll = Int.random(in: 0..<4, using: &random)
                if roll == 0 || matches.count < 20 {
                    let match = try writer.insertMatch("bg")
                    Self.randomValues(match, sports: sports, &random)
                } else if roll == 3 {
                    let match = matches[Int.random(in: 0..<matches.count, using: &random)]
                    if !match.isDeleted { writer.delete(match) }
                } else {
                    let match = matches[Int.random(in: 0..<matches.count, using: &random)]
                    guard !match.isDeleted else { continue }
                    match.score = Int.random(in: 0..<10, using: &random)
                    if roll == 2 { match.isLive.toggle() }
                    if random.next() % 3 == 0 { match.group = Self.groups[Int.random(in: 0..<Self.groups.count, using: &random)] }
                }
            }
            try writer.save()
        }
        lastOperation = "background save of \(count)"
        await screen.context.perform {}
    }

    /// Adds, renames, re-ranks or removes a sport (removing one removes its matches).
    mutating func changeSports() throws {
        let context = screen.context
        let sports = Array(try context.fetch(Sport.self))
        let roll = Int.random(in: 0..<4, using: &random)
        if roll == 0 || sports.count < 3 {
            nextSportName += 1
            let sport = try context.insertSport("Sport\(nextSportName)")
            sport.rank = Int.random(in: 0..<5, using: &random)
            lastOperation = "sport insert"
        } else {
            let sport = sports[Int.random(in: 0..<sports.count, using: &random)]
            switch roll {
            case 1:
                nextSportName += 1
                sport.name = "Renamed\(nextSportName)"
                lastOperation = "sport rename"
            case 2:
                sport.rank = Int.random(in: 0..<5, using: &random)
                lastOperation = "sport rank"
            default:
                context.delete(sport)
                lastOperation = "sport delete"
            }
        }
        try context.save()
    }

    /// Replaces the banners with a new JSON file of up to four.
    mutating func replaceBanners() throws {
        var banners = screen.banners
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !banners.isEmpty: banners.remove(at: Int.random(in: 0..<banners.count, using: &random))
        case 1 where banners.count > 1: banners.swapAt(0, banners.count - 1)
        case 2 where !banners.isEmpty: banners[0].title += "!"
        default:
            if banners.count < 4 {
                banners.insert(Banner(id: nextBanner, title: "new"), at: Int.random(in: 0...banners.count, using: &random))
                nextBanner += 1
            }
        }
        try screen.replaceBanners(json: try JSONEncoder().encode(banners))
        lastOperation = "banners \(banners.map(\.id))"
    }

    /// Sets, changes or removes the decoration of a random item shown (or of one not shown).
    mutating func decorate() {
        let items = screen.composer.snapshot.itemIdentifiers
        let item = items.isEmpty ? TestItem.banner(-1) : items[Int.random(in: 0..<items.count, using: &random)]
        let value = Int.random(in: 0..<3, using: &random)
        screen.composer.setDecoration(value == 0 ? nil : value == 1, for: item)
        lastOperation = "decorate \(item)"
    }
}
