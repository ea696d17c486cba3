import ArgumentParser
import Foundation
import ObjectStore
import PostgreSQLStore
import PostgreSQLTestSupport
import PostgresNIO

/// `diffable-bench postgres`: the PostgreSQL store against raw postgres-nio, and hosts of
/// one schema following each other's saves.
struct PostgresBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres",
        abstract: "PostgreSQL store: a save of 10,000 new objects and a sorted, filtered fetch of 100,000 against raw postgres-nio doing the same rows (and the SQLite file store for reference); four host processes on one schema, from a save on one to the delivery on the others, against the same in one process.",
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
            let pair = try containers("insert")
            report.add(try measureInsert(count: 10_000, in: pair, raw: try RawPostgres(url: url, schema: schemas.last!)))
        }
        if options.includes("fetch-100k") {
            let pair = try containers("fetch")
            report.add(try measureFetch(count: 100_000, in: pair, raw: try RawPostgres(url: url, schema: schemas.last!)))
        }
        if options.includes("remote-4-hosts") {
            report.add(try RemoteDeliveries(
                bench: "postgres", caseName: "remote-4-hosts", nodeName: "host processes", savesPerSecond: 500,
                goals: "each host a process of its own with its own container and connection pool on one schema"
            ).measure(store: "\(url)#\(schema("remote"))"))
        }
    }

    /// The three timings of a case in turns: ours, raw postgres-nio (the baseline) and the same
    /// on the SQLite file store (a reference), or ours alone with `--no-baseline`.
    private func measure(ours: Timing, raw: Timing, sqlite: Timing) -> (ours: Measurement, raw: Measurement?, sqlite: Measurement?) {
        let measurements = interleavedMeasurements(runs: options.runs, options.noBaseline ? [ours] : [ours, raw, sqlite])
        return (measurements[0], measurements.count > 1 ? measurements[1] : nil, measurements.count > 2 ? measurements[2] : nil)
    }

    /// `insert-10k`: `count` new objects inserted and saved in one save on a background context,
    /// into the same store every run. Baseline: raw postgres-nio inserting the same rows into a
    /// table of the same columns and indexes in one transaction, one statement of array
    /// parameters (`unnest`). Reference: the same save on the SQLite file store.
    private func measureInsert(count: Int, in containers: (postgreSQL: PersistentContainer, sqlite: PersistentContainer), raw: RawPostgres) throws -> BenchResult {
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
        // The store's table, empty, with its columns and indexes.
        let probe = containers.postgreSQL.newBackgroundContext()
        try probe.performAndWait { () throws in _ = try probe.count(for: FetchRequest<BenchItem>()) }
        try raw.query(#"CREATE TABLE raw_item (LIKE "BenchItem" INCLUDING ALL)"#)
        var nextKey: Int64 = 1
        let rawInsert = Timing {
            let keys = (0..<Int64(count)).map { nextKey + $0 }
            nextKey += Int64(count)
            let indexes = 0..<count
            let query: PostgresQuery = """
                INSERT INTO raw_item (Z_PK, Z_OPT, "title", "rank", "score", "isActive", "created", "note")                 SELECT * FROM unnest(\(keys), \(Array(repeating: Int64(1), count: count)), \(indexes.map { "Item \($0)" }), \
                \(indexes.map { Int64(($0 &* 7919) % 100_003) }), \(indexes.map { Double($0) * 0.5 }), \(indexes.map { Int64($0 % 3 == 0 ? 1 : 0) }), \
                \(indexes.map { Double($0) }), \(Array(repeating: "note", count: count)))
                """
            try! raw.query("BEGIN")
            try! raw.query(query)
            try! raw.query("COMMIT")
        }
        let measured = measure(ours: inserting(containers.postgreSQL), raw: rawInsert, sqlite: inserting(containers.sqlite))
        var result = BenchResult(
            bench: "postgres", caseName: "insert-10k", oursMilliseconds: measured.ours,
            baseline: "raw postgres-nio, same rows, one transaction, one unnest statement", baselineMilliseconds: measured.raw,
            note: "\(count) inserts and one save on a background context (history on), the table growing by \(count) rows a run, as the baseline's; "
                + "PostgreSQL on 127.0.0.1; goal at most 1.5× the baseline"
                + (measured.sqlite.map { "; the same save on the SQLite file store \(formatted($0.median, decimals: 3)) ms" } ?? ""))
        if let sqlite = measured.sqlite { result.extra = [("sqlite_ms", sqlite.median)] }
        return result
    }

    /// `fetch-100k`: `count` objects fetched on a new background context, filtered on `rank`
    /// (in SQL) and sorted by it. Baseline: raw postgres-nio running the same query on the same
    /// table and decoding every row into a value. Reference: the same fetch on the SQLite file
    /// store.
    private func measureFetch(count: Int, in containers: (postgreSQL: PersistentContainer, sqlite: PersistentContainer), raw: RawPostgres) throws -> BenchResult {
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
        let rawFetch = Timing {
            let rows = try! raw.query("""
                SELECT Z_PK, Z_OPT, "title", "rank", "score", "isActive", "created", "note" FROM "BenchItem" \
                WHERE "rank" >= \(Int64(0)) ORDER BY "rank", Z_PK
                """)
            let items = rows.map { row in
                let (key, version, title, rank, score, isActive, created, note) = try! row.decode((Int64, Int64, String, Int64, Double, Int64, Double, String).self)
                return RawItem(key: key, version: version, title: title, rank: rank, score: score, isActive: isActive != 0, created: created, note: note)
            }
            precondition(items.count == count, "fetched \(items.count) of \(count) rows")
            return items
        }
        let measured = measure(ours: fetching(containers.postgreSQL), raw: rawFetch, sqlite: fetching(containers.sqlite))
        var result = BenchResult(
            bench: "postgres", caseName: "fetch-100k", oursMilliseconds: measured.ours,
            baseline: "raw postgres-nio, same query, rows decoded into values", baselineMilliseconds: measured.raw,
            note: "\(count) objects, rank >= 0 sorted by rank (indexed), on a new background context; PostgreSQL on 127.0.0.1; goal at most 1.5× the baseline"
                + (measured.sqlite.map { "; the same fetch on the SQLite file store \(formatted($0.median, decimals: 3)) ms" } ?? ""))
        if let sqlite = measured.sqlite { result.extra = [("sqlite_ms", sqlite.median)] }
        return result
    }

    /// One row of the fetch baseline, decoded.
    private struct RawItem {
        var key: Int64
        var version: Int64
        var title: String
        var rank: Int64
        var score: Double
        var isActive: Bool
        var created: Double
        var note: String
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
