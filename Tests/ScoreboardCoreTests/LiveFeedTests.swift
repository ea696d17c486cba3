import Foundation
import ObjectStore
import ScoreboardCore
import TestSupport
import Testing

@Suite struct LiveFeedTests {
    static let steps = TestEnvironment.count("SCOREBOARD_FEED_STEPS", default: 300)

    @Test func theSameSeedPlaysTheSameFeed() throws {
        let seed = TestEnvironment.seed("SCOREBOARD_FEED_SEED", default: 0x5C0)
        let first = try play(seed: seed, steps: 120)
        let second = try play(seed: seed, steps: 120)
        #expect(first.events == second.events, "seed \(TestEnvironment.describe(seed: seed))")
        #expect(first.digest == second.digest, "seed \(TestEnvironment.describe(seed: seed))")
        let other = try play(seed: seed &+ 1, steps: 120)
        #expect(other.events != first.events)
    }

    @Test func everyStepSavesAValidStoreAndEveryKindOfChangeHappens() throws {
        let seed = TestEnvironment.seed("SCOREBOARD_FEED_SEED", default: 0xFEED)
        let container = try ScoreboardStore.open(.inMemory, seed: seed)
        let context = container.newBackgroundContext()
        var feed = LiveFeed(seed: seed)
        var kinds = Set<FeedEvent.Kind>()
        try context.performAndWait { () throws in
            for step in 0..<Self.steps {
                let event = try feed.step(in: context)
                kinds.insert(event.kind)
                #expect(!context.hasChanges, "step \(step) of seed \(TestEnvironment.describe(seed: seed)) left unsaved changes")
                let problems = try invariantViolations(context)
                #expect(problems.isEmpty, "step \(step) of seed \(TestEnvironment.describe(seed: seed)): \(problems)")
                if !problems.isEmpty { return }
            }
        }
        if Self.steps >= 300 {
            #expect(kinds == Set(FeedEvent.Kind.allCases), "seed \(TestEnvironment.describe(seed: seed))")
        }
    }

    private func play(seed: UInt64, steps: Int) throws -> (events: [FeedEvent], digest: [String]) {
        let container = try ScoreboardStore.open(.inMemory, seed: seed)
        let context = container.newBackgroundContext()
        var feed = LiveFeed(seed: seed)
        let events = try context.performAndWait { () throws -> [FeedEvent] in
            try (0..<steps).map { _ in try feed.step(in: context) }
        }
        return (events, try storeDigest(container))
    }

    /// What is wrong with the store's data, if anything.
    private func invariantViolations(_ context: ManagedObjectContext) throws -> [String] {
        var problems: [String] = []
        let matches = try context.fetch(FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.code)]))
        let sports = try context.fetch(FetchRequest<Sport>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]))
        if sports.count < 2 { problems.append("\(sports.count) sports") }
        if Set(matches.map(\.code)).count != matches.count { problems.append("duplicate match codes") }
        for match in matches {
            if match.sport == nil { problems.append("#\(match.code) has no sport") }
            if match.home == match.away { problems.append("#\(match.code) plays itself") }
            if match.homeScore < 0 || match.awayScore < 0 { problems.append("#\(match.code) has a negative score") }
            if match.status == .finished && match.isFeatured { problems.append("#\(match.code) is finished and featured") }
            if min(match.homeOdds, match.drawOdds, match.awayOdds) < 1.01 { problems.append("#\(match.code) has odds below 1.01") }
        }
        return problems
    }
}
