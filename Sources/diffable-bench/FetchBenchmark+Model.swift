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

    /// A predicate testing the rank against `count` values: the ranks of every other object of a
    /// store of `count` objects, and as many ranks no object has, interleaved. Written as
    /// `rank IN {…}`, or as an `OR` of `rank == value` terms.
    static func membershipPredicate(count: Int, orOfEqualities: Bool) -> FetchPredicate<FetchBenchItem> {
        let ranks = (0..<count).map { index in index % 2 == 0 ? rank(of: index) : 100_003 + index }
        guard orOfEqualities else { return .key(\.rank).in(ranks) }
        return FetchPredicate(orPredicateWithSubpredicates: ranks.map { \FetchBenchItem.rank == $0 })
    }

    /// Runs `body` with a container on a new store file of `count` objects (see ``fill(_:count:)``)
    /// and a GRDB pool on the same file, and removes the file afterwards.
    static func withStore<Result>(count: Int, _ body: (PersistentContainer, DatabasePool) throws -> Result) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-fetch-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("fetch.sqlite")
        let container = try PersistentContainer(name: "FetchBench", model: model, store: StoreDescription(location: .file(url)))
        let pool = try DatabasePool(path: url.path)
        try fill(pool, count: count)
        return try body(container, pool)
    }

    /// The rank of the object written `index`th.
    static func rank(of index: Int) -> Int {
        (index &* 7919) % 100_003
    }

    /// Writes `count` rows straight into the store's table (the store created the schema); the
    /// ranks spread evenly over 0..<100,003, so the predicate keeps a quarter of them.
    static func fill(_ pool: DatabasePool, count: Int) throws {
        try pool.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO FetchBenchItem (Z_PK, Z_OPT, category, rank, score, title) VALUES (?, 1, ?, ?, ?, ?)")
            for index in 0..<count {
                try statement.execute(arguments: [index + 1, index % 2, rank(of: index), Double(index % 97) * 0.5, "Item \(index)"])
            }
        }
    }
}
