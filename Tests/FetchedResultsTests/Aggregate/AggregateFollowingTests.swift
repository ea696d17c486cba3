import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// An aggregate controller of a context that merges another context's saves and batch requests
/// follows them, and delivers valid batch updates.
@Suite(.timeLimit(.minutes(10))) struct AggregateFollowingTests {
    @Test func savesAndBatchRequestsOfAnotherContextReachTheGroups() async throws {
        let container = try TestModel.inMemory()
        let follower = container.newBackgroundContext(name: "follower")
        follower.automaticallyMergesChangesFromParent = true
        let log = AggregateDeliveryLog()
        let (controller, deliveries) = try await follower.perform { () throws in
            let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(includesPendingChanges: false), managedObjectContext: follower)
            try controller.performFetch()
            return (controller, controller.deliveries())
        }
        log.loop = Task {
            for await delivery in deliveries { log.append(delivery) }
        }
        let writer = container.newBackgroundContext(name: "writer")
        try await writer.perform { () throws in
            let football = try writer.insertSport("Football")
            let tennis = try writer.insertSport("Tennis")
            for index in 0..<6 { try writer.insertMatch("m\(index)", score: index, sport: index % 2 == 0 ? football : tennis).isLive = index < 4 }
            try writer.save()
        }
        try await settle(controller, "inserts")
        try await writer.perform { () throws in
            let tennis = try writer.fetch(FetchRequest<Sport>(where: \.name, equals: "Tennis")).first!
            let first = try writer.fetch(FetchRequest<Match>(where: \.title, equals: "m0")).first!
            first.sport = tennis
            tennis.name = "Padel"
            try writer.save()
        }
        try await settle(controller, "relink and rename")
        try await writer.perform { () throws in
            var update = BatchUpdateRequest<Match>(predicate: try FetchPredicate(format: "score >= 4"))
            update.set(\.isLive, to: true)
            try writer.execute(update)
        }
        try await settle(controller, "batch update")
        try await writer.perform { () throws in
            try writer.execute(BatchDeleteRequest<Match>(predicate: try FetchPredicate(format: "score < 2")))
            try writer.execute(BatchInsertRequest<Match>(objects: [["title": "b1", "score": 9, "isLive": true]]))
        }
        try await settle(controller, "batch delete and insert")
        try await Task.sleep(for: .milliseconds(20))
        let all = log.deliveries
        #expect(zip(all, all.dropFirst()).allSatisfy { $1.previousSnapshot == $0.snapshot })
        #expect(all.allSatisfy { (try? $0.batchUpdate.validate(from: $0.previousSnapshot, to: $0.snapshot)) != nil })
        log.loop?.cancel()
    }

    @Test func aControllerOfCommittedValuesGroupsAnotherContextsSaveByTheSavedNameOfARelatedObject() async throws {
        let container = try TestModel.inMemory()
        let follower = container.newBackgroundContext(name: "follower")
        follower.automaticallyMergesChangesFromParent = true
        let tennisID = try await follower.perform { () throws in
            let tennis = try follower.insertSport("Tennis")
            try follower.save()
            return tennis.objectID
        }
        let controller = try await follower.perform { () throws in
            let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(includesPendingChanges: false), managedObjectContext: follower)
            try controller.performFetch()
            try follower.existingObject(with: tennisID, as: Sport.self).name = "Padel"
            follower.processPendingChanges()
            return controller
        }
        let writer = container.newBackgroundContext(name: "writer")
        try await writer.perform { () throws in
            try writer.insertMatch("m0", score: 3, sport: try writer.existingObject(with: tennisID, as: Sport.self)).isLive = true
            try writer.save()
        }
        try await settle(controller, "insert under a sport renamed and not saved")
        let names = await follower.perform { controller.groups?.map { $0["sport.name"] as? String } }
        #expect(names == ["Tennis"])
    }

    @Test func aRandomStreamOfChangesKeepsTheGroupsEqualToAFreshFetch() async throws {
        for seed in TestEnvironment.seeds("AGGREGATE_RANDOM_SEED", default: [0x5EED_A661, 0x5EED_A662]) {
            try await Self.run(seed: seed)
        }
    }

    /// Random inserts, deletes, score and liveness changes, relinks and renames on one context,
    /// some saved, some pending; after each round the groups (with pending changes, of a second
    /// controller without them, of a third sorted by total, and of a fourth summing stakes chosen
    /// to make running double sums drift) equal a fresh grouped fetch to the last bit, and every
    /// delivery of the sorted one is a valid batch update.
    private static func run(seed: UInt64) async throws {
        let label = "seed \(TestEnvironment.describe(seed: seed)) (replay with AGGREGATE_RANDOM_SEED)"
        let container = try TestModel.inMemory()
        let context = container.newBackgroundContext(name: "random")
        var generator = SplitMix64(seed: seed)
        let checker = ValidatingAggregateDelegate<Match>()
        let (pending, committed, sorted, stakes) = try await context.perform { () throws in
            for name in ["A", "B", "C"] { _ = try context.insertSport(name) }
            try context.save()
            let pending = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
            let committed = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(having: "n > 1", includesPendingChanges: false), managedObjectContext: context)
            var byTotal = try liveMatchesPerSport()
            byTotal.sortDescriptors = [FetchSortDescriptor("total", ascending: false), FetchSortDescriptor("n")]
            let sorted = try FetchedAggregateController(fetchRequest: byTotal, managedObjectContext: context)
            sorted.delegate = checker
            let stakes = try FetchedAggregateController(fetchRequest: try liveStakesPerSport(), managedObjectContext: context)
            try pending.performFetch()
            try committed.performFetch()
            try sorted.performFetch()
            try stakes.performFetch()
            return (pending, committed, sorted, stakes)
        }
        for round in 0..<60 {
            let choices = (0..<Int.random(in: 1...6, using: &generator)).map { _ in (Int.random(in: 0..<8, using: &generator), Int.random(in: 0..<1_000, using: &generator)) }
            let saves = Bool.random(using: &generator)
            let agrees = try await context.perform { () throws -> Bool in
                let matches = Array(try context.fetch(FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.title)])))
                let sports = Array(try context.fetch(FetchRequest<Sport>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])))
                for (kind, value) in choices {
                    let match = matches.isEmpty ? nil : Optional(matches[value % matches.count]).flatMap { $0.isDeleted ? nil : $0 }
                    switch (kind, match) {
                    case (0, _), (_, nil):
                        let match = try context.insertMatch("m\(round)-\(value)", score: value % 17 - 5, sport: sports[value % sports.count])
                        match.isLive = value % 2 == 0
                        match.stake = driftingStakes[value % driftingStakes.count]
                    case (1, let match?): context.delete(match)
                    case (2, let match?): match.score = value % 23
                    case (3, let match?): match.isLive.toggle()
                    case (4, let match?): match.sport = value % 5 == 0 ? nil : sports[value % sports.count]
                    case (5, _): sports[value % sports.count].name = "S\(round)-\(value)"
                    case (6, let match?): match.stake = driftingStakes[value % driftingStakes.count]
                    default: match?.title = "renamed \(value)"
                    }
                }
                if saves { try context.save() } else { context.processPendingChanges() }
                return try pending.showsAFreshFetch() && sorted.showsAFreshFetch() && stakes.showsAFreshFetch() && (!saves || committed.showsAFreshFetch())
            }
            #expect(agrees, "\(label), round \(round)")
            #expect(checker.summary.failures == [], "\(label), round \(round)")
            if !agrees || !checker.summary.failures.isEmpty { return }
        }
        #expect(checker.summary.moves > 0, "\(label): the sorted controller's groups changed rank")
    }
}
