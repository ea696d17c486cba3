import Foundation
import GRDB
import ObjectStore

/// Version 1 of the migration benchmark's model: a score stored as an integer.
enum BenchMigrationV1 {
    final class Reading: ManagedObject {
        @Attribute var label = ""
        @Attribute var value = 0
        override class var entityName: String { "Reading" }
    }

    static let version = ModelVersion("1", model: ManagedObjectModel([Reading.self]))
}

/// Version 2: `label` renamed `title`, `value` stored as text.
enum BenchMigrationV2 {
    final class Reading: ManagedObject {
        @Attribute var title = ""
        @Attribute var value = ""
        override class var entityName: String { "Reading" }
        override class var renamingIdentifiers: [String: String] { ["title": "label"] }
    }

    static let version = ModelVersion("2", model: ManagedObjectModel([Reading.self]))
    static let plan = MigrationPlan(versions: [BenchMigrationV1.version, version], stages: [.lightweight(from: "1", to: "2")])
}

/// A version-1 store of `count` readings, made once and copied for every run (both sides start
/// from the same bytes).
struct MigrationTemplate {
    let directory: URL
    let template: URL

    init(count: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        template = directory.appendingPathComponent("template.sqlite")
        _ = try PersistentContainer(
            name: "Bench", migrationPlan: MigrationPlan(versions: [BenchMigrationV1.version], stages: []),
            store: StoreDescription(location: .file(template)))
        let queue = try DatabaseQueue(path: template.path)
        try queue.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO Reading (Z_PK, Z_OPT, label, value) VALUES (?, 1, ?, ?)")
            for key in 1...count {
                try statement.execute(arguments: [key, "Reading \(key)", key * 7])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = 'Reading'", arguments: [count])
        }
        try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try queue.close()
    }

    /// A fresh copy of the template, for one run.
    func copy() -> URL {
        let url = directory.appendingPathComponent("run-\(UUID().uuidString).sqlite")
        try! FileManager.default.copyItem(at: template, to: url)
        return url
    }

    /// Removes a run's copy and its side files.
    func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }
}

/// The hand-written SQL of the same migration: the rename, then the type change as SQLite
/// needs it (a column of the new type filled by an UPDATE, the old column dropped, the new one
/// renamed), in one transaction.
enum HandWrittenMigration {
    static func run(at url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE Reading RENAME COLUMN label TO title")
            try db.execute(sql: "ALTER TABLE Reading ADD COLUMN value_text TEXT")
            try db.execute(sql: "UPDATE Reading SET value_text = CAST(value AS TEXT)")
            try db.execute(sql: "ALTER TABLE Reading DROP COLUMN value")
            try db.execute(sql: "ALTER TABLE Reading RENAME COLUMN value_text TO value")
        }
        try queue.close()
    }
}

/// The process's peak resident memory, reset before a run (Linux; nil elsewhere).
enum PeakMemory {
    /// Starts a new peak from the current resident size.
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The peak resident size since the last reset, in bytes.
    static func peakBytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
