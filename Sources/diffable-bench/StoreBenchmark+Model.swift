import Foundation
import GRDB
import ObjectStore

/// The benchmark entity: six attributes.
final class BenchItem: ManagedObject {
    @Attribute var title = ""
    @Attribute(.indexed) var rank = 0
    @Attribute var score = 0.0
    @Attribute var isActive = false
    @Attribute var created = Date(timeIntervalSinceReferenceDate: 0)
    @Attribute var note = ""
}

/// The same row, decoded by column index for the GRDB baseline.
struct BaselineItem: FetchableRecord {
    var key: Int64
    var version: Int64
    var title: String
    var rank: Int
    var score: Double
    var isActive: Bool
    var created: Double
    var note: String

    init(row: Row) {
        key = row[0]
        version = row[1]
        title = row[2]
        rank = row[3]
        score = row[4]
        isActive = row[5]
        created = row[6]
        note = row[7]
    }

    static func fetchAll(_ db: Database) throws -> [BaselineItem] {
        try BaselineItem.fetchAll(db, sql: "SELECT Z_PK, Z_OPT, title, rank, score, isActive, created, note FROM BenchItem")
    }
}

enum BenchModel {
    static let model = ManagedObjectModel([BenchItem.self])

    static func fill(_ item: BenchItem, index: Int) {
        item.title = "Item \(index)"
        item.rank = (index &* 7919) % 100_003
        item.score = Double(index) * 0.5
        item.isActive = index % 3 == 0
        item.created = Date(timeIntervalSinceReferenceDate: Double(index))
        item.note = "note"
    }

    /// A pool with the same table, index and pragmas as the object store uses.
    static func baselinePool(url: URL, create: Bool = true) throws -> DatabasePool {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        if create {
            try pool.write { db in
                try db.execute(sql: """
                    CREATE TABLE BenchItem (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER NOT NULL DEFAULT 1, title TEXT, rank INTEGER, \
                    score REAL, isActive INTEGER, created REAL, note TEXT);
                    CREATE INDEX Z_INDEX_BenchItem_rank ON BenchItem (rank)
                    """)
            }
        }
        return pool
    }

    static func baselineInsert(pool: DatabasePool, count: Int) throws {
        try pool.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO BenchItem (Z_PK, Z_OPT, title, rank, score, isActive, created, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for index in 0..<count {
                try statement.execute(arguments: [
                    index + 1, 1, "Item \(index)", (index &* 7919) % 100_003, Double(index) * 0.5,
                    index % 3 == 0, Double(index), "note",
                ])
            }
        }
    }

    static func baselineIDs(_ db: Database) throws -> [Int64] {
        var keys: [Int64] = []
        let cursor = try Row.fetchCursor(db, sql: "SELECT Z_PK, rank FROM BenchItem ORDER BY rank, Z_PK")
        while let row = try cursor.next() {
            let key: Int64 = row[0]
            let rank: Int = row[1]
            blackHole(rank)
            keys.append(key)
        }
        return keys
    }
}
