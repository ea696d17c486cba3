import Foundation
import GRDB
import ObjectStore

extension HistoryBenchmark {
    /// `batch-delete-10k-of-1M`: a controller (sections by group) on the view context of a store
    /// of 1,000,000 objects in 50 groups; a `BatchDeleteRequest` on a background context deletes
    /// the 10,000 oldest objects (`SELF IN` their IDs: what a retention purge deletes), the next
    /// 10,000 each run; timed from the request's start to the controller's delivery that reflects
    /// it.
    /// Baseline: the same request on a twin store whose list refetches the IDs and section keys
    /// on the merge and diffs (what a list over Core Data's batch delete must do). Floor: GRDB
    /// deleting the same keys from a table of the same rows and index, in one transaction (no
    /// history, no change set, no list).
    func measureBatchDelete() throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-batch-delete-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try ListedStore(url: directory.appendingPathComponent("ours.sqlite"), count: 1_000_000)
        let controller = try ControllerFollower(store: ours)
        let theirs = options.noBaseline ? nil : try ListedStore(url: directory.appendingPathComponent("theirs.sqlite"), count: 1_000_000)
        let refetch = theirs.map(RefetchFollower.init)
        let floorPool = try Self.floorTable(url: directory.appendingPathComponent("floor.sqlite"), count: 1_000_000)
        var floorRun = 0
        let floor = Timing {
            let keys = (floorRun * 10_000 + 1)...((floorRun + 1) * 10_000)
            floorRun += 1
            return try! floorPool.write { db in
                for start in stride(from: keys.lowerBound, through: keys.upperBound, by: 500) {
                    let chunk = Array(start...min(start + 499, keys.upperBound))
                    try db.execute(sql: "DELETE FROM ListedItem WHERE Z_PK IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))", arguments: StatementArguments(chunk))
                }
                return keys.count
            }
        }
        var deleted: [Int] = []
        var requestMilliseconds: [Double] = []
        func timing(_ store: ListedStore?, _ follower: (any ListFollower)?) -> Timing {
            var run = 0
            return Timing {
                guard let store, let follower else { return 0 }
                let target = follower.reflected() + 1
                let oldest = Array(store.ids[(run * 10_000)..<((run + 1) * 10_000)])
                let predicate = try! FetchPredicate<ListedItem>(format: "SELF IN %@", oldest)
                run += 1
                let start = BenchClock.now()
                let count = store.writer.performAndWait { try! store.writer.execute(BatchDeleteRequest(predicate: predicate)).count }
                if follower === controller { requestMilliseconds.append(BenchClock.now() - start) }
                waitUntil(follower, reflects: target)
                deleted.append(count)
                return target
            }
        }
        let runs = min(options.runs, 7)
        let measured = interleavedMeasurements(runs: runs, [timing(ours, controller), floor] + (refetch == nil ? [] : [timing(theirs, refetch)]))
        let counts = deleted
        var result = BenchResult(
            bench: "history", caseName: "batch-delete-10k-of-1M", oursMilliseconds: measured[0],
            baseline: "same request, list refetched + diffed", baselineMilliseconds: measured.count > 2 ? measured[2] : nil,
            note: "the \(counts.min() ?? 0) oldest objects per run (SELF IN their IDs), from 1,000,000 in 50 groups (the store shrinks by one delete per run); from the request's start to the controller's delivery; \(runs) runs; floor: GRDB deleting the same keys from a table of the same rows and index; goal ours ≥ 50× faster than the baseline; request_ms: ours until execute returned (the delivery follows on the main queue)")
        result.floorMilliseconds = measured[1]
        result.extra = [("request_ms", median(requestMilliseconds))]
        return result
    }

    /// A table of `count` rows shaped as the listed store's (group, rank, title; an index on group
    /// and rank), keys 1 to `count` in insertion order, for the floor.
    private static func floorTable(url: URL, count: Int) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE ListedItem (Z_PK INTEGER PRIMARY KEY, Z_OPT INTEGER NOT NULL DEFAULT 1, "group" INTEGER, rank INTEGER, title TEXT);
                CREATE INDEX Z_INDEX_ListedItem_group_rank ON ListedItem ("group", rank)
                """)
            let statement = try db.makeStatement(sql: "INSERT INTO ListedItem (Z_PK, \"group\", rank, title) VALUES (?, ?, ?, ?)")
            for index in 0..<count {
                try statement.execute(arguments: [index + 1, index % ListedStore.sections, (index &* 7919) % 1_000_003, "Item \(index)"])
            }
        }
        return pool
    }
}
