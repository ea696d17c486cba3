import Foundation
import GRDB

/// Runs one stage of a versioned migration inside the migration's open transaction: the custom
/// code before, the schema and data changes the two models call for, the custom code after.
///
/// Each phase is one access to the migration's connection (or one per batch of rows); user code
/// (handlers, conversions, progress) runs between accesses, never inside one.
struct StageRunner {
    let stage: MigrationStage
    let source: ModelVersion
    let destination: ModelVersion
    let queue: DatabaseQueue
    let description: StoreDescription
    let identifier: UUID
    /// Reports the rows done and the rows in all.
    let report: (Int, Int) -> Void

    /// Rows per access when a step walks a table.
    static let batchSize = 50_000
    /// Rows per access when a conversion of the app's converts them one by one.
    static let customBatchSize = 1_000

    var path: String { description.path }

    func run() throws {
        if let willMigrate = stage.willMigrate {
            try runHandler(willMigrate, model: source.model, name: "willMigrate")
        }
        let mapping = StageMapping(source: source.model, destination: destination.model)
        let counts = try access { db in try rowCounts(mapping, db: db) }
        var progress = StageProgress(total: counts.total, report: report)
        progress.advance(by: 0)
        try access { db in
            BuiltInConversion.register(db)
            try RelationshipKindChange(mapping: mapping) { entity, property, key, value, reason in
                failure(entity: entity, property: property, key: key, value: value, reason: reason)
            }.apply(db)
            try renameTables(mapping, db: db)
            try renameColumns(mapping, db: db)
        }
        progress.advance(by: counts.rows.values.reduce(0, +))
        for map in mapping.entities where map.source != nil {
            for pair in map.attributes where pair.source.type != pair.destination.type {
                try convert(pair.destination, from: pair.source, of: map.destination, progress: &progress)
            }
        }
        try access { db in
            try dropRemoved(mapping, db: db)
            try writeTranslatedSchema(mapping, db: db)
            _ = try SchemaMigrator.migrate(db, model: destination.model, path: path)
            try VersionedMigration.record(destination.identifier, db: db)
        }
        if let didMigrate = stage.didMigrate {
            try runHandler(didMigrate, model: destination.model, name: "didMigrate")
        }
    }

    /// Runs `body` in one access to the migration's connection (inside its transaction).
    func access<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction(body)
    }

    /// A failure of this stage at `entity.property`.
    func failure(entity: String?, property: String?, key: Int64? = nil, value: String? = nil, reason: String) -> ObjectStoreError {
        .migrationFailed(MigrationFailure(
            path: path, source: source.identifier, destination: destination.identifier,
            entity: entity, property: property, objectKey: key, value: value, reason: reason))
    }

    // MARK: Phases

    /// The rows of each source table the stage keeps, and the units of work they make.
    private func rowCounts(_ mapping: StageMapping, db: Database) throws -> (rows: [String: Int], total: Int) {
        var rows: [String: Int] = [:]
        var total = 0
        for map in mapping.entities {
            guard let source = map.source else { continue }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQL.quote(source.name))") ?? 0
            rows[source.name] = count
            let conversions = map.attributes.filter { $0.source.type != $0.destination.type }.count
            total += count * (1 + conversions)
        }
        return (rows, total)
    }

    /// Renames the tables of renamed entities and their key counters (their indexes are dropped;
    /// the additive migration that ends the stage makes them again). A renamed entity may take
    /// the name of a removed one, whose table goes first, or of another renamed one (two entities
    /// that swap names): every renamed table moves through a temporary name.
    private func renameTables(_ mapping: StageMapping, db: Database) throws {
        let renames = mapping.entities.compactMap { map in
            map.source.flatMap { $0.name == map.destination.name ? nil : (old: $0.name, new: map.destination.name) }
        }
        guard !renames.isEmpty else { return }
        for entity in mapping.removedEntities where renames.contains(where: { $0.new == entity.name }) {
            try db.execute(sql: "DROP TABLE IF EXISTS \(SQL.quote(entity.name))")
        }
        var counters: [String: Int64] = [:]
        for (old, new) in renames {
            counters[new] = try Int64.fetchOne(db, sql: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", arguments: [old])
        }
        for (index, rename) in renames.enumerated() {
            try MigrationSQL.dropIndexes(of: rename.old, db: db)
            try db.execute(sql: "ALTER TABLE \(SQL.quote(rename.old)) RENAME TO \(SQL.quote(MigrationSQL.renamingName(index)))")
        }
        for (index, rename) in renames.enumerated() {
            try db.execute(sql: "ALTER TABLE \(SQL.quote(MigrationSQL.renamingName(index))) RENAME TO \(SQL.quote(rename.new))")
        }
        for (old, new) in renames {
            try db.execute(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_ENT IN (?, ?)", arguments: [old, new])
        }
        for (new, counter) in counters {
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_MAX) VALUES (?, ?)", arguments: [new, counter])
        }
    }

    /// Renames the columns of renamed attributes and of renamed to-one relationships that stay
    /// to-one. A renamed column may take the name of a removed one, which is dropped first, or
    /// of another renamed one (two attributes that swap names): every renamed column moves
    /// through a temporary name.
    private func renameColumns(_ mapping: StageMapping, db: Database) throws {
        for map in mapping.entities where map.source != nil {
            let table = map.destination.name
            var renames = map.attributes.map { ($0.source.name, $0.destination.name) }
            renames += map.relationships.filter { !$0.source.isToMany && !$0.destination.isToMany }.map { ($0.source.name, $0.destination.name) }
            renames.removeAll { $0.0 == $0.1 }
            guard !renames.isEmpty else { continue }
            try MigrationSQL.dropIndexes(of: table, db: db)
            let removed = map.removedAttributes.map(\.name) + map.removedKeyColumns.map(\.name)
            for name in removed where renames.contains(where: { $0.1 == name }) {
                try MigrationSQL.dropColumn(name, of: table, db: db)
            }
            for (index, (old, _)) in renames.enumerated() {
                try db.execute(sql: "ALTER TABLE \(SQL.quote(table)) RENAME COLUMN \(SQL.quote(old)) TO \(SQL.quote(MigrationSQL.renamingName(index)))")
            }
            for (index, (_, new)) in renames.enumerated() {
                try db.execute(sql: "ALTER TABLE \(SQL.quote(table)) RENAME COLUMN \(SQL.quote(MigrationSQL.renamingName(index))) TO \(SQL.quote(new))")
            }
        }
    }

    /// Drops the tables of removed entities and the columns of removed attributes and key
    /// columns (their indexes first).
    private func dropRemoved(_ mapping: StageMapping, db: Database) throws {
        let keptJoins = Set(destination.model.entities.flatMap { $0.relationships.compactMap { $0.join?.name } })
        for entity in source.model.entities {
            for relationship in entity.relationships {
                guard let join = relationship.join, join.isOwner, !keptJoins.contains(join.name) else { continue }
                try db.execute(sql: "DROP TABLE IF EXISTS \(SQL.quote(join.name))")
            }
        }
        // A removed name that the destination uses was taken by a renamed entity or column,
        // whose renaming dropped what had it.
        let destinationEntities = Set(destination.model.entities.map(\.name))
        for entity in mapping.removedEntities where !destinationEntities.contains(entity.name) {
            try db.execute(sql: "DROP TABLE IF EXISTS \(SQL.quote(entity.name))")
            try db.execute(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_ENT = ?", arguments: [entity.name])
        }
        for map in mapping.entities where map.source != nil {
            let names = map.removedAttributes.map(\.name) + map.removedKeyColumns.map(\.name)
            let destinationColumns = Set(map.destination.columnNames)
            for name in names where !destinationColumns.contains(name) {
                try MigrationSQL.dropColumn(name, of: map.destination.name, db: db)
            }
        }
    }

    /// Records the schema the store has now (the destination's names and types, for what came
    /// from the source), so that the additive migration that follows sees the stage's changes as
    /// made and adds only what is new.
    private func writeTranslatedSchema(_ mapping: StageMapping, db: Database) throws {
        let full = StoredSchema(model: destination.model)
        let old = try StoreVersionProbe(db, path: path).schema
        var entities: [String: StoredSchema.Entity] = [:]
        for map in mapping.entities {
            guard let source = map.source, var entity = full.entities[map.destination.name] else { continue }
            let previous = old?.entities[source.name]
            var attributes: [String: StoredSchema.Attribute] = [:]
            for pair in map.attributes {
                let wasOptional = previous?.attributes[pair.source.name]?.isOptional ?? pair.source.isOptional
                attributes[pair.destination.name] = StoredSchema.Attribute(type: pair.destination.type, isOptional: wasOptional)
            }
            entity.attributes = attributes
            entity.indexes = []
            entities[map.destination.name] = entity
        }
        let json = String(decoding: try JSONEncoder().encode(StoredSchema(entities: entities)), as: UTF8.self)
        try db.execute(sql: "INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES ('schema', ?)", arguments: [json])
    }

    // MARK: Custom code

    /// Runs a handler with a context of `model` whose store joins the migration's transaction;
    /// the context and its container exist for the handler alone.
    private func runHandler(_ handler: MigrationStage.Handler, model: ManagedObjectModel, name: String) throws {
        let store = SQLiteStore(
            writer: queue, path: path, identifier: identifier, model: model, busyTimeout: description.busyTimeout,
            checkpointer: nil, tracksHistory: false, historyRetention: description.historyRetention, joinsOpenTransaction: true)
        let core = ContainerCore(store: store, generation: try store.currentGeneration())
        let context = ManagedObjectContext(core: core, parent: nil, concurrency: .privateQueue, name: "migration", mergesAutomatically: false)
        do {
            try context.performAndWait { try handler(context) }
        } catch let error as ObjectStoreError {
            if case .migrationFailed = error { throw error }
            throw failure(entity: nil, property: nil, reason: "its \(name) handler failed: \(error)")
        } catch {
            throw failure(entity: nil, property: nil, reason: "its \(name) handler threw \(error)")
        }
    }
}

/// The units of a stage done so far, reported as they grow.
struct StageProgress {
    let total: Int
    let report: (Int, Int) -> Void
    private(set) var done = 0

    init(total: Int, report: @escaping (Int, Int) -> Void) {
        self.total = total
        self.report = report
    }

    mutating func advance(by units: Int) {
        done = min(total, done + units)
        report(done, total)
    }
}
