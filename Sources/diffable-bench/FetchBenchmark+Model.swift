import Foundation
import GRDB
import ObjectStore

/// The entity of `diffable-bench fetch`: a category and two sort keys, with the compound index a
/// query filtering on the category and a rank range and sorting by rank then score needs.
final class FetchBenchItem: ManagedObject {
    @Attribute var category = 0
    @Attribute var rank = 0
    @Attribute var score = 0.0
    @Attribute var title = ""

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\FetchBenchItem.category, \FetchBenchItem.rank, \FetchBenchItem.score)]
    }
}

enum FetchBenchModel {
    static let model = ManagedObjectModel([FetchBenchItem.self])

    /// Half the objects are in category 1 and half of those have a rank below the cut: 25%.
    static let category = 1
    static let rankCut = 50_000

    /// The predicate and order every run fetches.
    static var request: ObjectStore.FetchRequest<FetchBenchItem> {
        ObjectStore.FetchRequest(
            predicate: \FetchBenchItem.category == category && \FetchBenchItem.rank < rankCut,
            sortDescriptors: [FetchSortDescriptor(\.rank), FetchSortDescriptor(\.score)])
    }

    /// The same query, written by hand for GRDB.
    static let baselineSQL = "SELECT Z_PK FROM FetchBenchItem WHERE category = ? AND rank < ? ORDER BY rank, score, Z_PK"

    /// Writes `count` rows straight into the store's table (the store created the schema); the
    /// ranks spread evenly over 0..<100,003, so the predicate keeps a quarter of them.
    static func fill(_ pool: DatabasePool, count: Int) throws {
        try pool.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO FetchBenchItem (Z_PK, Z_OPT, category, rank, score, title) VALUES (?, 1, ?, ?, ?, ?)")
            for index in 0..<count {
                let rank = (index &* 7919) % 100_003
                try statement.execute(arguments: [index + 1, index % 2, rank, Double(index % 97) * 0.5, "Item \(index)"])
            }
        }
    }
}
