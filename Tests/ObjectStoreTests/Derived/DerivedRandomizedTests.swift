import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Seeded random saves, each in a new context and followed by a random batch update of what the
/// derivations read, after each of which every derived column must equal the value recomputed
/// from the objects read back. Replay a failure with the seed it prints in
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

    /// One to five random changes, saved, then one random batch update.
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
        try randomBatchUpdate(in: context, using: &generator)
    }

    /// A batch update of bouts' titles, pledges' stakes or tournaments' names: what the bouts'
    /// own derivations, sums and copies read.
    private static func randomBatchUpdate(in context: ManagedObjectContext, using generator: inout SplitMix64) throws {
        let title = titles.randomElement(using: &generator) ?? ""
        let selected = titles.randomElement(using: &generator) ?? ""
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            var request = BatchUpdateRequest<Bout>(predicate: try FetchPredicate(format: "title == %@", selected))
            request.set(\.title, to: title)
            try context.execute(request)
        case 1:
            var request = BatchUpdateRequest<Pledge>(predicate: try FetchPredicate(format: "stake < %@", Int.random(in: 0...50, using: &generator)))
            request.set(\.stake, to: Int.random(in: -5...50, using: &generator))
            try context.execute(request)
        default:
            var request = BatchUpdateRequest<Tournament>(predicate: try FetchPredicate(format: "name == %@", selected))
            request.set(\.name, to: title)
            try context.execute(request)
        }
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
