import Foundation
import ObjectStore
import SeededRandom

/// One random batch operation: fixtures of a group rescored (a batch update), teams upserted by
/// their unique name, some new and some re-ranked (a batch insert), or the low-scoring fixtures
/// of a group or a low-ranked team with its fixtures deleted (a batch delete, the team's by its
/// cascade rule).
struct RandomBatch {
    let context: ManagedObjectContext
    let prefix: String

    /// Runs the operation; the token of its commit, nil when it changed nothing.
    func run(_ generator: inout SplitMix64) throws -> HistoryToken? {
        let group = ["A", "B", "C", "D", "E"][Int.random(in: 0..<5, using: &generator)]
        let value = Int.random(in: 0..<1000, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            var request = BatchUpdateRequest<PeerFixture>(predicate: try FetchPredicate(format: "group == %@", group))
            request.set(\.score, to: value)
            return try context.execute(request).historyToken
        case 1:
            var teams = FetchRequest<PeerTeam>()
            teams.sortDescriptors = [FetchSortDescriptor(\.name)]
            teams.fetchLimit = 3
            teams.fetchOffset = value % 5
            var rows: [[String: any AttributeValue]] = try context.fetch(teams).map { ["name": $0.name, "rank": (value + $0.rank) % 10] }
            rows.append(["name": "\(prefix)-batch", "rank": value % 10])
            return try context.execute(BatchInsertRequest<PeerTeam>(objects: rows)).historyToken
        case 2:
            let request = BatchDeleteRequest<PeerFixture>(predicate: try FetchPredicate(format: "group == %@ AND score < %@", group, value / 4))
            return try context.execute(request).historyToken
        default:
            var request = FetchRequest<PeerTeam>()
            request.predicate = try FetchPredicate(format: "rank >= %@", 8)
            request.sortDescriptors = [FetchSortDescriptor(\.name)]
            request.fetchLimit = 1
            return try context.execute(BatchDeleteRequest(request)).historyToken
        }
    }
}
