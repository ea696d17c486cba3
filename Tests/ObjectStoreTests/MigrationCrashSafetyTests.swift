import Foundation
import GRDB
import ObjectStore
@testable import objectstore_crash_writer
import ProcessTesting
import TestSupport
import Testing

/// A migration killed with SIGKILL at any point leaves the store at the old version or the new
/// one, never in between, and the next open finishes the job.
@Suite struct MigrationCrashSafetyTests {
    private static let objects = 100_000

    /// A version-1 store of `objects` entries (`label` "L<i>", `score` i), written directly for
    /// speed after the container made the schema.
    private func versionOneStore() throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "MigrationCrash")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try PersistentContainer(
            name: "MigrationCrash", migrationPlan: MigrationPlan(versions: [MigrationCrashV1.version], stages: []),
            store: StoreDescription(location: .file(url)))
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO Entry (Z_PK, Z_OPT, label, score) VALUES (?, 1, ?, ?)")
            for key in 1...Self.objects {
                try statement.execute(arguments: [key, "L\(key)", key])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = 'Entry'", arguments: [Self.objects])
        }
        try queue.close()
        return url
    }

    /// The version the store is at, after checking that its rows are wholly that version's.
    private func consistentVersion(of url: URL, round: Int) throws -> String? {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db -> String? in
            let version = try String.fetchOne(db, sql: "SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = 'modelVersion'")
            let columns = Set(try db.columns(in: "Entry").map(\.name))
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Entry") ?? 0
            #expect(count == Self.objects, "round \(round): \(count) rows")
            switch version {
            case "1":
                #expect(columns.isSuperset(of: ["label", "score"]) && !columns.contains("title"), "round \(round): version 1 with columns \(columns)")
                let integers = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Entry WHERE typeof(score) = 'integer'") ?? 0
                #expect(integers == Self.objects, "round \(round): version 1 with \(integers) integer scores")
            case "2":
                #expect(columns.isSuperset(of: ["title", "score"]) && !columns.contains("label"), "round \(round): version 2 with columns \(columns)")
                let converted = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Entry WHERE typeof(score) = 'text' AND title = 'L' || score") ?? 0
                #expect(converted == Self.objects, "round \(round): version 2 with \(converted) converted rows")
            default:
                Issue.record("round \(round): the store records version \(version ?? "none")")
            }
            return version
        }
    }

    /// Runs the helper on `url`, killing it after `delay` nanoseconds (nil: it kills itself at
    /// its progress report `report`); returns its output lines.
    private func runHelper(_ helper: URL, on url: URL, killAfter delay: UInt64?, report: Int?) async throws -> [Substring] {
        let process = Process()
        process.executableURL = helper
        process.arguments = ["migrate", url.path] + (report.map { [String($0)] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        if let delay {
            try await Task.sleep(nanoseconds: delay)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
    }

    /// Rounds alternate kills at a progress report the helper reaches (inside the migration's
    /// transaction: before the renames, after them, after each half of the conversion) with kills
    /// from outside at a random time. A round that let the migration finish restores the
    /// version-1 file, so every round has a migration to kill; the last round kills at a report,
    /// and the final open finishes that migration.
    @Test func killedMigrationLeavesTheOldOrTheNewVersionAndTheNextOpenFinishes() async throws {
        let helper = try BuiltExecutable.url(named: "objectstore-crash-writer")
        let url = try versionOneStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let pristine = url.deletingLastPathComponent().appendingPathComponent("pristine.sqlite")
        try FileManager.default.copyItem(at: url, to: pristine)
        let seed = TestEnvironment.seed("OBJECTSTORE_MIGRATION_KILL_SEED", default: 0x5EED)
        var generator = SplitMix64(seed: seed)
        let rounds = max(2, TestEnvironment.count("OBJECTSTORE_MIGRATION_KILLS", default: 8))
        var killedMidway = 0
        for round in 0..<rounds {
            let atReport = round % 2 == 0 || round == rounds - 1
            let delay = atReport ? nil : UInt64.random(in: 20_000_000...400_000_000, using: &generator)
            let report = atReport ? (round / 2) % 4 + 1 : nil
            let lines = try await runHelper(helper, on: url, killAfter: delay, report: report)
            if lines.contains(where: { $0.hasPrefix("progress") }) && !lines.contains("migrated") { killedMidway += 1 }
            let version = try consistentVersion(of: url, round: round)
            let place = "seed \(TestEnvironment.describe(seed: seed)), round \(round)"
            if lines.contains("migrated") { #expect(version == "2", "\(place): reported migrated, found \(version ?? "none")") }
            if report != nil { #expect(version == "1", "\(place): killed at progress report \(report ?? 0), found \(version ?? "none")") }
            if version == "2" {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
                try FileManager.default.copyItem(at: pristine, to: url)
            }
        }
        let container = try PersistentContainer(name: "MigrationCrash", migrationPlan: MigrationCrashV2.plan(), store: StoreDescription(location: .file(url)))
        #expect(try consistentVersion(of: url, round: rounds) == "2")
        let context = container.newBackgroundContext()
        let sample = try await context.perform {
            try context.fetch(FetchRequest<MigrationCrashV2.Entry>(where: \.title, equals: "L42")).map(\.score)
        }
        #expect(sample == ["42"])
        print("migration kill rounds: \(rounds), killed inside the migration: \(killedMidway) (seed \(TestEnvironment.describe(seed: seed)))")
        #expect(killedMidway >= (rounds + 1) / 2)
    }
}
