import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Seeded random saves, each in a new context, after each of which every derived column must equal
/// the value recomputed from the objects read back. Replay a failure with the seed it prints in
/// `DERIVED_RANDOM_SEED`; `DERIVED_RANDOM_ROUNDS` sets the number of saves.
@Suite struct DerivedRandomizedTests {
    @Test(arguments: StoreBackend.all)
    func derivedColumnsEqualWhatTheObjectsGiveAfterRandomSaves(_ backend: StoreBackend) async throws {
        let seed = TestEnvironment.seed("DERIVED_RANDOM_SEED", default: 0xDE21_0001)
        let rounds = TestEnvironment.count("DERIVED_RANDOM_ROUNDS", default: backend == .sqlite ? 30 : 10)
        let container = try PersistentContainer(name: "DerivedRandom", model: DerivedModel.model, store: try await backend.storeDescription())
        var generator = SplitMix64(seed: seed)
        for round in 0..<rounds {
            let context = container.newBackgroundContext()
            let roundSeed = generator.next()
            try await context.perform {
                var roundGenerator = SplitMix64(seed: roundSeed)
                try Self.randomChanges(in: context, using: &roundGenerator)
            }
            let mismatches = try await Self.mismatches(in: container.newBackgroundContext())
            #expect(mismatches.isEmpty, "seed \(TestEnvironment.describe(seed: seed)) round \(round): \(mismatches)")
            if !mismatches.isEmpty { return }
        }
    }

    private static let titles = ["Été", "ete", "ÉTÉ", "Zoë", "zoe", "Ångström", "plain"]

    /// One to five random changes, saved.
    private static func randomChanges(in context: ManagedObjectContext, using generator: inout SplitMix64) throws {
        let tournaments = try context.fetch(FetchRequest<Tournament>())
        let bouts = try context.fetch(FetchRequest<Bout>())
        let pledges = try context.fetch(FetchRequest<Pledge>())
        for _ in 0..<Int.random(in: 1...5, using: &generator) {
            switch Int.random(in: 0..<9, using: &generator) {
            case 0:
                let tournament = try context.insert(Tournament.self)
                tournament.name = titles.randomElement(using: &generator) ?? ""
            case 1:
                tournaments.randomElement(using: &generator)?.name = titles.randomElement(using: &generator) ?? ""
            case 2:
                _ = try context.insertBout(titles.randomElement(using: &generator) ?? "", in: tournaments.randomElement(using: &generator))
            case 3:
                bouts.randomElement(using: &generator)?.title = titles.randomElement(using: &generator) ?? ""
            case 4:
                bouts.randomElement(using: &generator)?.tournament = tournaments.randomElement(using: &generator)
            case 5:
                try context.insertPledge(Int.random(in: -5...50, using: &generator), on: bouts.randomElement(using: &generator))
            case 6:
                pledges.randomElement(using: &generator)?.stake = Int.random(in: -5...50, using: &generator)
            case 7:
                pledges.randomElement(using: &generator)?.bout = bouts.randomElement(using: &generator)
            default:
                if let victim = (Bool.random(using: &generator) ? pledges.randomElement(using: &generator) : bouts.randomElement(using: &generator)),
                   !victim.isDeleted {
                    context.delete(victim)
                }
            }
        }
        try context.save()
    }

    /// The bouts whose derived columns differ from what their title, tournament and pledges
    /// give, as read from the store.
    private static func mismatches(in context: ManagedObjectContext) async throws -> [String] {
        try await context.perform {
            let pledges = try context.fetch(FetchRequest<Pledge>())
            var problems: [String] = []
            for bout in try context.fetch(FetchRequest<Bout>()) {
                let members = pledges.filter { $0.bout == bout }
                let expected = "\(bout.title.lowercased())|\(bout.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased())|\(bout.tournament?.name ?? "nil")|\(members.count)|\(members.reduce(0) { $0 + $1.stake })"
                let stored = "\(bout.searchTitle)|\(bout.canonicalTitle)|\(bout.tournamentName ?? "nil")|\(bout.pledgeCount)|\(bout.totalStake)"
                if expected != stored { problems.append("\(bout.objectID): stored \(stored), expected \(expected)") }
            }
            return problems
        }
    }
}
