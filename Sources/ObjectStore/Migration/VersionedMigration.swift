import Foundation
import GRDB

/// Opens an SQLite store through a ``MigrationPlan``: finds the version the store is at, and runs
/// the stages from it to the current version in one transaction, before the store's connection
/// pool opens and before any context exists.
///
/// The migration's phases each run in a database access of their own on the migration's one
/// connection, inside the transaction it opened first; the user code of a stage (custom handlers,
/// conversions, the progress callback) runs between them, never inside one. Killed at any point,
/// the transaction never committed: SQLite's journal puts the file back as it was, and the next
/// open finds the old version and runs the migration again.
///
/// The persistent history does not survive a migration: its commits name the old version's
/// entities and values. The migration purges it in its own transaction and counts as a commit
/// (the store's generation moves on), so every history token taken before it has expired: reads
/// after such a token throw ``ObjectStoreError/historyExpired(token:oldest:)``, and containers of
/// other processes that merge automatically refetch instead.
struct VersionedMigration {
    let plan: MigrationPlan
    let queue: DatabaseQueue
    let description: StoreDescription

    /// The `Z_METADATA` key of the model version the store is at.
    static let versionKey = "modelVersion"

    var path: String { description.path }

    /// Runs the migration (or just the additive one when the store is at the current version);
    /// returns the store identifier.
    func run() throws -> UUID {
        let current = plan.currentVersion
        let found = try queue.read { db in try StoreVersionProbe(db, path: path) }
        guard let schema = found.schema else {
            return try queue.write { db in
                let identifier = try SchemaMigrator.migrate(db, model: current.model, path: path)
                try Self.record(current.identifier, db: db)
                return identifier
            }
        }
        let version = try identify(found, schema: schema)
        if version == current.identifier {
            return try queue.write { db in
                let identifier = try SchemaMigrator.migrate(db, model: current.model, path: path)
                if found.version != version { try Self.record(version, db: db) }
                return identifier
            }
        }
        guard let stages = plan.stages(from: version) else {
            throw ObjectStoreError.migrationStagesMissing(path: path, from: version, to: current.identifier)
        }
        return try inOneTransaction { try migrate(from: version, through: stages) }
    }

    /// The version the store is at: the one it records, else the last listed version whose
    /// schema it has.
    private func identify(_ found: StoreVersionProbe, schema: StoredSchema) throws -> String {
        let known = plan.versions.map(\.identifier)
        if let version = found.version {
            guard known.contains(version) else {
                throw ObjectStoreError.unknownModelVersion(path: path, version: version, knownVersions: known)
            }
            return version
        }
        guard let match = plan.versions.last(where: { StoredSchema(model: $0.model) == schema }) else {
            throw ObjectStoreError.unknownModelVersion(path: path, version: "unrecorded (its schema matches no listed version)", knownVersions: known)
        }
        return match.identifier
    }

    /// Runs `body` inside one immediate transaction of the migration's connection, committed when
    /// `body` returns and rolled back when it throws.
    private func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in try db.beginTransaction(.immediate) }
        do {
            let result = try body()
            try queue.writeWithoutTransaction { db in try db.commit() }
            return result
        } catch {
            try? queue.writeWithoutTransaction { db in try db.rollback() }
            throw error
        }
    }

    /// Runs `stages` from `version`; the store ends at the current version with its history purged.
    private func migrate(from version: String, through stages: [MigrationStage]) throws -> UUID {
        guard let start = plan.version(version) else {
            throw ObjectStoreError.unknownModelVersion(path: path, version: version, knownVersions: plan.versions.map(\.identifier))
        }
        let identifier = try queue.writeWithoutTransaction { db in try SchemaMigrator.migrate(db, model: start.model, path: path) }
        for (index, stage) in stages.enumerated() {
            guard let source = plan.version(stage.source), let destination = plan.version(stage.destination) else {
                throw ObjectStoreError.migrationStagesMissing(path: path, from: stage.source, to: stage.destination)
            }
            let runner = StageRunner(
                stage: stage, source: source, destination: destination, queue: queue, description: description, identifier: identifier,
                report: { done, total in
                    plan.progress?(MigrationProgress(
                        stage: index + 1, stageCount: stages.count, source: source.identifier, destination: destination.identifier,
                        completedUnitCount: done, totalUnitCount: total))
                })
            try runner.run()
        }
        try queue.writeWithoutTransaction { db in
            try Self.purgeHistory(db)
            try Self.record(plan.currentVersion.identifier, db: db)
        }
        return identifier
    }

    /// Records `version` as the store's model version.
    static func record(_ version: String, db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?)", arguments: [versionKey, version])
    }

    /// Empties the persistent history and marks everything up to the migration's own generation
    /// as purged, so that every older token has expired.
    private static func purgeHistory(_ db: Database) throws {
        let generation = try StoreGeneration.advance(db)
        try db.execute(sql: "DELETE FROM \(HistorySchema.transactionTable)")
        try db.execute(
            sql: "INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?)",
            arguments: [HistorySchema.purgedKey, generation])
    }
}

/// What a store says about its version before anything is written: its schema record (nil for an
/// empty database, which the migration creates at the current version) and its recorded version.
struct StoreVersionProbe {
    var schema: StoredSchema?
    var version: String?

    /// Reads the metadata; throws for a database that is not a store of ours, or of a later format.
    init(_ db: Database, path: String) throws {
        let metadata = try StoreMetadata(db)
        if try metadata.isEmpty(path: path) { return }
        version = metadata.values?[VersionedMigration.versionKey]
        guard let json = metadata.values?["schema"] else {
            schema = StoredSchema(entities: [:])
            return
        }
        guard let decoded = try? JSONDecoder().decode(StoredSchema.self, from: Data(json.utf8)) else {
            throw ObjectStoreError.foreignDatabase(path: path, found: "ObjectStore metadata whose schema record cannot be read")
        }
        schema = decoded
    }
}
