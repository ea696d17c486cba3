import Foundation
import GRDB
import ObjectStore

extension HistoryBenchmark {
    /// `batch-update-100k`: one attribute set on 100,000 objects by a `BatchUpdateRequest` (one
    /// commit with its history transaction and its change set handed on), each run a new value.
    /// Baseline: the same change by fetching the objects, setting the attribute and saving.
    /// Floor: GRDB's `UPDATE … SET score = ?` of the same rows, on a table of its own.
    func measureBatchUpdate(count: Int, directory: URL) throws -> BenchResult {
        let container = try PersistentContainer(
            name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(directory.appendingPathComponent("batch.sqlite"))))
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws(ObjectStoreError) in
            for index in 0..<count { BenchModel.fill(try context.insert(BenchItem.self), index: index) }
            try context.save()
            context.reset()
        }
        let pool = try BenchModel.baselinePool(url: directory.appendingPathComponent("raw.sqlite"))
        try BenchModel.baselineInsert(pool: pool, count: count)
        var round = 0.0
        let ours = Timing {
            round += 1
            let value = round
            return context.performAndWait {
                var request = BatchUpdateRequest<BenchItem>()
                request.set(\.score, to: value)
                return try! context.execute(request).count
            }
        }
        let baseline = Timing {
            round += 1
            let value = round
            return context.performAndWait {
                let items = try! context.fetch(BenchItem.self)
                for item in items { item.score = value }
                try! context.save()
                context.reset()
                return items.count
            }
        }
        let floor = Timing {
            round += 1
            let value = round
            return try! pool.write { db in
                try db.execute(sql: "UPDATE BenchItem SET score = ?, Z_OPT = Z_OPT + 1", arguments: [value])
                return db.changesCount
            }
        }
        let runs = min(options.runs, 7)
        let measured = interleavedMeasurements(runs: runs, options.noBaseline ? [ours, floor] : [ours, floor, baseline])
        var result = BenchResult(
            bench: "history", caseName: "batch-update-100k", oursMilliseconds: measured[0],
            baseline: "fetch, set, save", baselineMilliseconds: measured.count > 2 ? measured[2] : nil,
            note: "one attribute of \(count) objects; floor: GRDB's UPDATE of the same rows (no history, nothing merged); \(runs) runs; goals ours ≥ 20× faster than the baseline, ≤ 1.5× the floor")
        result.floorMilliseconds = measured[1]
        return result
    }
}
