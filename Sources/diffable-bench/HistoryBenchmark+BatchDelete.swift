import Foundation
import ObjectStore

extension HistoryBenchmark {
    /// `batch-delete-10k-of-1M`: a controller (sections by group) on the view context of a store
    /// of 1,000,000 objects in 50 groups; a `BatchDeleteRequest` on a background context deletes
    /// the 10,000 oldest objects (`SELF IN` their IDs: what a retention purge deletes), the next
    /// 10,000 each run; timed from the request's start to the controller's delivery that reflects
    /// it.
    /// Baseline: the same request on a twin store whose list refetches the IDs and section keys
    /// on the merge and diffs (what a list over Core Data's batch delete must do).
    func measureBatchDelete() throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-batch-delete-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try ListedStore(url: directory.appendingPathComponent("ours.sqlite"), count: 1_000_000)
        let controller = try ControllerFollower(store: ours)
        let theirs = options.noBaseline ? nil : try ListedStore(url: directory.appendingPathComponent("theirs.sqlite"), count: 1_000_000)
        let refetch = theirs.map(RefetchFollower.init)
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
        let measured = interleavedMeasurements(runs: runs, [timing(ours, controller)] + (refetch == nil ? [] : [timing(theirs, refetch)]))
        let counts = deleted
        var result = BenchResult(
            bench: "history", caseName: "batch-delete-10k-of-1M", oursMilliseconds: measured[0],
            baseline: "same request, list refetched + diffed", baselineMilliseconds: measured.count > 1 ? measured[1] : nil,
            note: "the \(counts.min() ?? 0) oldest objects per run (SELF IN their IDs), from 1,000,000 in 50 groups (the store shrinks by one delete per run); from the request's start to the controller's delivery; \(runs) runs; goal ours ≥ 50× faster than the baseline; request_ms: ours until execute returned (the delivery follows on the main queue)")
        result.extra = [("request_ms", median(requestMilliseconds))]
        return result
    }
}
