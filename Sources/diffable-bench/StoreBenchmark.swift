import ArgumentParser
import Foundation
import GRDB
import ObjectStore

/// `diffable-bench store`: the object store against the same work done through GRDB directly.
struct StoreBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Object store: insert, fetch objects and fetch IDs of 100k objects, against GRDB directly."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        let count = 100_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var storeNumber = 0
        func freshURL() -> URL {
            storeNumber += 1
            return directory.appendingPathComponent("store-\(storeNumber).sqlite")
        }

        if options.includes("insert-100k") {
            let ours = Timing(prepare: { () -> ManagedObjectContext in
                let container = try! PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(freshURL())))
                return container.newBackgroundContext()
            }, { context in
                context.performAndWait {
                    for index in 0..<count {
                        let item = try! context.insert(BenchItem.self)
                        BenchModel.fill(item, index: index)
                    }
                    try! context.save()
                }
            })
            let baselineTiming = Timing(prepare: { try! BenchModel.baselinePool(url: freshURL()) }, { pool in
                try! BenchModel.baselineInsert(pool: pool, count: count)
            })
            let medians = options.compare(ours, against: baselineTiming)
            report.add(BenchResult(bench: "store", caseName: "insert-100k", oursMilliseconds: medians.ours, baseline: "GRDB prepared INSERT", baselineMilliseconds: medians.baseline))
        }

        guard options.includes("fetch-objects-100k") || options.includes("fetch-ids-100k") else { return }
        let url = freshURL()
        let container = try PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(url)))
        let loader = container.newBackgroundContext()
        try loader.performAndWait { () throws(ObjectStoreError) in
            for index in 0..<count {
                BenchModel.fill(try loader.insert(BenchItem.self), index: index)
            }
            try loader.save()
        }
        let pool = try BenchModel.baselinePool(url: url, create: false)

        if options.includes("fetch-objects-100k") {
            let medians = options.compare(
                Timing(prepare: { container.newBackgroundContext() }, { context in
                    context.performAndWait { try! context.fetch(BenchItem.self).count }
                }),
                against: Timing { try! pool.read { db in try BaselineItem.fetchAll(db) }.count }
            )
            report.add(BenchResult(bench: "store", caseName: "fetch-objects-100k", oursMilliseconds: medians.ours, baseline: "GRDB Row cursor + init(row:)", baselineMilliseconds: medians.baseline))
        }
        if options.includes("fetch-ids-100k") {
            var request = FetchRequest<BenchItem>()
            request.sortDescriptors = [FetchSortDescriptor(\.rank)]
            let medians = options.compare(
                Timing(prepare: { container.newBackgroundContext() }, { context in
                    context.performAndWait { try! context.fetchObjectIDs(request).count }
                }),
                against: Timing { try! pool.read { db in try BenchModel.baselineIDs(db) }.count }
            )
            report.add(BenchResult(bench: "store", caseName: "fetch-ids-100k", oursMilliseconds: medians.ours, baseline: "GRDB key + sort column cursor", baselineMilliseconds: medians.baseline))
        }
    }
}
