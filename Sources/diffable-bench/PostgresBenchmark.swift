import ArgumentParser
import Foundation
import ObjectStore
import PostgreSQLStore
import PostgreSQLTestSupport
import PostgresNIO

/// `diffable-bench postgres`: the PostgreSQL store against the SQLite file store, and hosts of
/// one schema following each other's saves.
struct PostgresBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres",
        abstract: "PostgreSQL store: a save of 10,000 new objects and a sorted, filtered fetch of 100,000 against the same on the SQLite file store; four host processes on one schema, from a save on one to the delivery on the others, against the same in one process.",
        discussion: "Runs on a throwaway server it starts on 127.0.0.1 (initdb in a temporary directory, removed at the end) unless --postgres-url names one; each case has a schema of its own."
    )

    @OptionGroup var options: BenchOptions

    @Option(help: ArgumentHelp("A PostgreSQL server to run on instead of a throwaway one; the schemas the cases make are dropped at the end.", valueName: "url"))
    var postgresURL: String?

    func run() throws {
        var report = BenchReport(json: options.json)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try postgresURL == nil ? PostgreSQLTestServer.startPrivateNow() : nil
        defer { server?.removeNow() }
        let url = postgresURL ?? server!.url
        var schemas: [String] = []
        defer { if postgresURL != nil { drop(schemas, url: url) } }
        func schema(_ name: String) -> String {
            schemas.append("diffable_bench_\(name)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(8))
            return schemas.last!
        }
        func containers(_ name: String) throws -> (postgreSQL: PersistentContainer, sqlite: PersistentContainer) {
            (try PersistentContainer(name: "Bench", model: BenchModel.model, store: .postgreSQL(url: url, schema: schema(name))),
             try PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(directory.appendingPathComponent("\(name).sqlite")))))
        }

        if options.includes("insert-10k") {
            report.add(measureInsert(count: 10_000, in: try containers("insert")))
        }
        if options.includes("fetch-100k") {
            report.add(try measureFetch(count: 100_000, in: try containers("fetch")))
        }
        if options.includes("remote-4-hosts") {
            report.add(try RemoteDeliveries(
                bench: "postgres", caseName: "remote-4-hosts", nodeName: "host processes", savesPerSecond: 50,
                goals: "each host a process of its own with its own container and connection pool on one schema"
            ).measure(store: "\(url)#\(schema("remote"))"))
        }
    }

    /// `insert-10k`: `count` new objects inserted and saved in one save on a background context,
    /// into the same store every run. Baseline: the same on the SQLite file store.
    private func measureInsert(count: Int, in containers: (postgreSQL: PersistentContainer, sqlite: PersistentContainer)) -> BenchResult {
        func inserting(_ container: PersistentContainer) -> Timing {
            Timing(prepare: { container.newBackgroundContext() }, { context in
                context.performAndWait {
                    for index in 0..<count {
                        BenchModel.fill(try! context.insert(BenchItem.self), index: index)
                    }
                    try! context.save()
                }
            })
        }
        let medians = options.compare(inserting(containers.postgreSQL), against: inserting(containers.sqlite))
        return BenchResult(
            bench: "postgres", caseName: "insert-10k", oursMilliseconds: medians.ours,
            baseline: "same save, SQLite file store", baselineMilliseconds: medians.baseline,
            note: "\(count) inserts and one save on a background context, the store growing by \(count) rows a run; PostgreSQL on 127.0.0.1")
    }

    /// `fetch-100k`: `count` objects fetched on a new background context, filtered on `rank`
    /// (in SQL on both stores) and sorted by it. Baseline: the same fetch on the SQLite file store.
    private func measureFetch(count: Int, in containers: (postgreSQL: PersistentContainer, sqlite: PersistentContainer)) throws -> BenchResult {
        for container in [containers.postgreSQL, containers.sqlite] {
            let loader = container.newBackgroundContext()
            try loader.performAndWait { () throws(ObjectStoreError) in
                for index in 0..<count {
                    BenchModel.fill(try loader.insert(BenchItem.self), index: index)
                    if index % 10_000 == 9_999 {
                        try loader.save()
                        loader.reset()
                    }
                }
                try loader.save()
            }
        }
        var request = FetchRequest<BenchItem>()
        request.predicate = try FetchPredicate(format: "rank >= %@", 0)
        request.sortDescriptors = [FetchSortDescriptor(\.rank)]
        func fetching(_ container: PersistentContainer) -> Timing {
            Timing(prepare: { container.newBackgroundContext() }, { context in
                context.performAndWait {
                    let fetched = try! context.fetch(request).count
                    precondition(fetched == count, "fetched \(fetched) of \(count) objects")
                    return fetched
                }
            })
        }
        let medians = options.compare(fetching(containers.postgreSQL), against: fetching(containers.sqlite))
        return BenchResult(
            bench: "postgres", caseName: "fetch-100k", oursMilliseconds: medians.ours,
            baseline: "same fetch, SQLite file store", baselineMilliseconds: medians.baseline,
            note: "\(count) objects, rank >= 0 sorted by rank (indexed), on a new background context; PostgreSQL on 127.0.0.1")
    }

    /// Drops `schemas` from the server at `url`; a failure is printed, not thrown.
    private func drop(_ schemas: [String], url: String) {
        do {
            let pool = try PostgreSQLConnectionPool.open(PostgreSQLSettings(url: url, schema: "public", poolSize: 1))
            defer { pool.close() }
            for schema in schemas {
                _ = try pool.query("DROP SCHEMA IF EXISTS \(unescaped: PostgreSQLIdentifier.quoted(schema)) CASCADE")
            }
        } catch {
            FileHandle.standardError.write(Data("diffable-bench: could not drop the schemas \(schemas.joined(separator: ", ")): \(error)\n".utf8))
        }
    }
}
