import GRDB

/// Moves the links of relationships whose kind a stage changes (to-one and to-many, either side)
/// into the storage the destination model gives them: a key column for a to-one side, a join
/// table for a many-to-many pair. Runs before the stage renames anything, so the old storage is
/// read under the source model's names; the old storage is dropped later, with the removed
/// properties.
///
/// A to-many side that becomes to-one needs every object to hold at most one object there; the
/// first that holds more fails the stage, naming it.
struct RelationshipKindChange {
    let mapping: StageMapping
    let failure: (_ entity: String?, _ property: String?, _ key: Int64?, _ value: String?, _ reason: String) -> ObjectStoreError

    private static let pairsTable = "Z_MIGRATION_PAIRS"

    func apply(_ db: Database) throws {
        for map in mapping.entities {
            guard let sourceEntity = map.source else { continue }
            for pair in map.relationships {
                try move(pair.destination, from: pair.source, of: sourceEntity, in: map, db: db)
            }
        }
    }

    /// The links of `source` as `(own, other)` keys, in SQL over the source model's storage.
    private static func pairs(of source: RelationshipDescription, in entity: EntityDescription) -> String {
        if source.column != nil {
            let column = SQL.quote(source.name)
            return "SELECT Z_PK AS own, \(column) AS other FROM \(SQL.quote(entity.name)) WHERE \(column) IS NOT NULL"
        }
        if let join = source.join {
            return "SELECT \(join.ownColumn) AS own, \(join.otherColumn) AS other FROM \(SQL.quote(join.name))"
        }
        let inverse = SQL.quote(source.inverseName ?? "")
        return "SELECT \(inverse) AS own, Z_PK AS other FROM \(SQL.quote(source.destination.name)) WHERE \(inverse) IS NOT NULL"
    }

    private func move(_ destination: RelationshipDescription, from source: RelationshipDescription, of sourceEntity: EntityDescription, in map: StageMapping.EntityMap, db: Database) throws {
        if destination.column != nil, source.column == nil {
            try fillKeyColumn(destination, from: source, of: sourceEntity, in: map, db: db)
        } else if let join = destination.join, join.isOwner, source.join?.name != join.name {
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(SQL.quote(join.name)) (Z_SOURCE INTEGER NOT NULL, Z_TARGET INTEGER NOT NULL, \
                PRIMARY KEY (Z_SOURCE, Z_TARGET)) WITHOUT ROWID
                """)
            try db.execute(sql: "INSERT OR IGNORE INTO \(SQL.quote(join.name)) (Z_SOURCE, Z_TARGET) SELECT own, other FROM (\(Self.pairs(of: source, in: sourceEntity)))")
        }
    }

    /// Gives a side that became to-one its key column, from the links of its old storage.
    private func fillKeyColumn(_ destination: RelationshipDescription, from source: RelationshipDescription, of sourceEntity: EntityDescription, in map: StageMapping.EntityMap, db: Database) throws {
        let table = SQL.quote(sourceEntity.name)
        let pairs = Self.pairsTable
        try db.execute(sql: "DROP TABLE IF EXISTS temp.\(pairs)")
        try db.execute(sql: "CREATE TEMP TABLE \(pairs) AS \(Self.pairs(of: source, in: sourceEntity))")
        try db.execute(sql: "CREATE INDEX temp.\(pairs)_OWN ON \(pairs) (own)")
        if let row = try Row.fetchOne(db, sql: "SELECT own, COUNT(*) FROM \(pairs) GROUP BY own HAVING COUNT(*) > 1 ORDER BY own LIMIT 1") {
            let owner: Int64 = row[0]
            let count: Int = row[1]
            throw failure(
                map.destination.name, destination.name, owner, "\(count) objects",
                "the relationship became to-one but the object holds \(count) objects there; keep it to-many, or leave one object in it (in a custom stage's willMigrate) first")
        }
        let column = SQL.quote(destination.name)
        try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(column) INTEGER")
        try db.execute(sql: "UPDATE \(table) SET \(column) = (SELECT other FROM \(pairs) WHERE own = \(table).Z_PK)")
        try db.execute(sql: "DROP TABLE temp.\(pairs)")
    }
}
