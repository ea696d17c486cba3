import Foundation
import ObjectStore
import TestSupport
import Testing

/// The repeated work of in-memory evaluation and sorting, fenced by counting operations (debug
/// builds count them).
@MainActor @Suite struct OperationCountTests {
    @Test func aConstantRegularExpressionIsCompiledOnce() throws {
        let entity = PredicateModel.model.entity(for: Player.self)
        let predicate = try FetchPredicate<Player>(format: "name MATCHES[c] 'a.*' OR nick MATCHES %@", "b+")
        let counts = OperationCounts()
        try OperationCounts.$current.withValue(counts) {
            _ = try BoundPredicate(predicate.node, entity: entity)
        }
        #expect(counts.regexCompilations == 2)
    }

    @Test func aPatternReadFromTheEvaluatedObjectIsCompiledOncePerEvaluation() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let club = try context.insert(Club.self)
        club.name = "x.*"
        for index in 0..<50 {
            let player = try context.insert(Player.self)
            player.nick = "n\(index)"
            player.club = club
        }
        try context.save()
        // An unsaved change of a member: the members are evaluated in memory.
        club.players.first?.level = 1
        let compiled = try BoundPredicate(FetchPredicate<Club>(format: "ANY players.nick MATCHES name").node, entity: context.model.entity(for: Club.self))
        let counts = OperationCounts()
        let matched = try OperationCounts.$current.withValue(counts) { try compiled.evaluate(club) }
        #expect(!matched)
        #expect(counts.regexCompilations == 1)
    }

    @Test func toOnePathsAreFollowedOncePerEvaluation() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let region = try context.insert(Region.self)
        region.title = "North"
        let club = try context.insert(Club.self)
        club.name = "Lions"
        club.region = region
        let player = try context.insert(Player.self)
        player.club = club
        try context.save()
        let predicate = try FetchPredicate<Player>(format: "club.name == 'x' OR club.rank == 3 OR club.region.title == 'y' OR club.region.code == 1 OR club.name BEGINSWITH 'Li'")
        let compiled = try BoundPredicate(predicate.node, entity: context.model.entity(for: Player.self))
        let counts = OperationCounts()
        let matched = try OperationCounts.$current.withValue(counts) { try compiled.evaluate(player) }
        #expect(matched)
        #expect(counts.hopsFollowed == 2)
    }

    @Test func aTenThousandValueMembershipCostsOneLookUpPerObject() throws {
        let (container, players, _) = try clubsAndPlayers(200)
        let values = (0..<10_000).map { $0 * 2 }
        let forms = [
            FetchPredicate<Player>.key(\.level).in(values),
            FetchPredicate(orPredicateWithSubpredicates: values.map { \Player.level == $0 }),
        ]
        for predicate in forms {
            let counts = OperationCounts()
            let selected = try OperationCounts.$current.withValue(counts) { try players.filter { try predicate.evaluate(with: $0) } }
            #expect(selected.count == 100)
            #expect(counts.membershipComparisons == players.count)
        }
        withExtendedLifetime(container) {}
    }

    @Test func aFoldedMembershipFoldsEachObjectsValueOnce() throws {
        let (container, players, _) = try clubsAndPlayers(200)
        let names = (0..<10_000).map { "P\($0 * 2)" }
        let compiled = try BoundPredicate(FetchPredicate<Player>(format: "name IN[cd] %@", names).node, entity: container.viewContext.model.entity(for: Player.self))
        let counts = OperationCounts()
        let selected = try OperationCounts.$current.withValue(counts) { try players.filter { try compiled.evaluate($0) } }
        #expect(selected.count == 100)
        #expect(counts.textFolds == players.count)
        #expect(counts.membershipComparisons == players.count)
    }

    @Test func keysInAMembershipAreComparedOneByOne() throws {
        let (container, players, _) = try clubsAndPlayers(30)
        let compiled = try BoundPredicate(FetchPredicate<Player>(format: "level IN {age, 1000, 1001, 1002}").node, entity: container.viewContext.model.entity(for: Player.self))
        let counts = OperationCounts()
        let selected = try OperationCounts.$current.withValue(counts) { try players.filter { try compiled.evaluate($0) } }
        #expect(selected.count == 20)
        // One look-up among the constants and one comparison with `age`.
        #expect(counts.membershipComparisons == 2 * players.count)
    }

    @Test func caseInsensitiveAndLocalizedSortsFoldEachValueOnce() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var generator = SplitMix64(seed: 0x5EED)
        var players: [Player] = []
        for _ in 0..<200 {
            let player = try context.insert(Player.self)
            player.name = RandomPredicateData.pick(RandomPredicateData.strings, &generator)
            players.append(player)
        }
        let entity = context.model.entity(for: Player.self)
        for comparator in [FetchSortComparator.caseInsensitive, .localizedStandard] {
            let query = try FetchRequest<Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name, comparator: comparator)]).storeQuery(entity: entity)
            let counts = OperationCounts()
            let sorted = OperationCounts.$current.withValue(counts) {
                players.map { query.row(of: $0) }.sorted { query.areInIncreasingOrder($0, $1) }
            }
            #expect(sorted.count == players.count)
            #expect(counts.textFolds <= players.count, "\(comparator): \(counts.textFolds) folds")
        }
    }
}
