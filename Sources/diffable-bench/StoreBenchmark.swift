import ArgumentParser
import Foundation
import GRDB
import ObjectStore

/// `diffable-bench store`: the object store against the same work done through GRDB directly.
struct StoreBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Object store: insert, fetch objects and fetch IDs of 100k objects against GRDB directly; a saved change reaching the view context's change stream against the same save unobserved."
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
            report.add(measureInsert(count: count, freshURL: freshURL))
        }

        if options.includes("change-event-1k") {
            report.add(try measureChangeEvent(count: 1_000) { name in directory.appendingPathComponent("\(name).sqlite") })
        }

        guard options.includes("fetch-objects-100k") || options.includes("fetch-ids-100k") else { return }
        let url = freshURL()
        let container = try PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(url)))
        let loader = container.newBackgroundContext()
        try load(count: count, into: loader)
        let pool = try BenchModel.baselinePool(url: url, create: false)

        if options.includes("fetch-objects-100k") {
            report.add(measureFetchObjects(in: container, against: pool))
        }
        if options.includes("fetch-ids-100k") {
            report.add(measureFetchIDs(in: container, against: pool))
        }
    }

    /// `insert-100k`: `count` objects inserted and saved on a background context of a new store
    /// each run. Baseline: GRDB's prepared INSERT into a new database.
    private func measureInsert(count: Int, freshURL: @escaping () -> URL) -> BenchResult {
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
        return BenchResult(bench: "store", caseName: "insert-100k", oursMilliseconds: medians.ours, baseline: "GRDB prepared INSERT", baselineMilliseconds: medians.baseline)
    }

    /// Inserts and saves the `count` objects the fetch cases read.
    private func load(count: Int, into loader: ManagedObjectContext) throws {
        try loader.performAndWait { () throws(ObjectStoreError) in
            for index in 0..<count {
                BenchModel.fill(try loader.insert(BenchItem.self), index: index)
            }
            try loader.save()
        }
    }

    /// `fetch-objects-100k`: every object fetched on a new background context. Baseline: every
    /// row decoded through GRDB's row cursor.
    private func measureFetchObjects(in container: PersistentContainer, against pool: DatabasePool) -> BenchResult {
        let medians = options.compare(
            Timing(prepare: { container.newBackgroundContext() }, { context in
                context.performAndWait { try! context.fetch(BenchItem.self).count }
            }),
            against: Timing { try! pool.read { db in try BaselineItem.fetchAll(db) }.count }
        )
        return BenchResult(bench: "store", caseName: "fetch-objects-100k", oursMilliseconds: medians.ours, baseline: "GRDB Row cursor + init(row:)", baselineMilliseconds: medians.baseline)
    }

    /// `fetch-ids-100k`: every object ID fetched in rank order on a new background context.
    /// Baseline: the keys and the sort column read through a GRDB cursor.
    private func measureFetchIDs(in container: PersistentContainer, against pool: DatabasePool) -> BenchResult {
        var request = FetchRequest<BenchItem>()
        request.sortDescriptors = [FetchSortDescriptor(\.rank)]
        let medians = options.compare(
            Timing(prepare: { container.newBackgroundContext() }, { context in
                context.performAndWait { try! context.fetchObjectIDs(request).count }
            }),
            against: Timing { try! pool.read { db in try BenchModel.baselineIDs(db) }.count }
        )
        return BenchResult(bench: "store", caseName: "fetch-ids-100k", oursMilliseconds: medians.ours, baseline: "GRDB key + sort column cursor", baselineMilliseconds: medians.baseline)
    }
}
