import GRDB

extension StageRunner {
    /// Converts the values of an attribute whose type changed: with the stage's
    /// ``AttributeConversion`` for it, else with the built-in one after checking that no value
    /// loses anything. A new column of the new type takes the values, then replaces the old one.
    func convert(_ attribute: AttributeDescription, from old: AttributeDescription, of entity: EntityDescription, progress: inout StageProgress) throws {
        let table = entity.name
        if let conversion = stage.conversions.first(where: { $0.entity == entity.name && $0.attribute == attribute.name }) {
            try access { db in try addConvertingColumn(attribute, to: table, db: db) }
            try convertEach(attribute, of: table, with: conversion, progress: &progress)
        } else {
            guard let builtIn = BuiltInConversion.between(old.type, attribute.type) else {
                throw failure(
                    entity: entity.name, property: attribute.name,
                    reason: "its type changed from \(old.type.rawValue) to \(attribute.type.rawValue), which no built-in conversion covers; give the stage an AttributeConversion for it")
            }
            try access { db in try check(attribute, of: table, against: builtIn, db: db) }
            guard let expression = builtIn.expression else {
                let rows = try access { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQL.quote(table))") ?? 0 }
                progress.advance(by: rows)
                return
            }
            try access { db in try addConvertingColumn(attribute, to: table, db: db) }
            try convertInSQL(attribute, of: table, expression: expression, progress: &progress)
        }
        try access { db in
            try MigrationSQL.dropColumn(attribute.name, of: table, db: db)
            try db.execute(sql: "ALTER TABLE \(SQL.quote(table)) RENAME COLUMN \(MigrationSQL.convertingColumn) TO \(SQL.quote(attribute.name))")
        }
    }

    private func addConvertingColumn(_ attribute: AttributeDescription, to table: String, db: Database) throws {
        try db.execute(sql: "ALTER TABLE \(SQL.quote(table)) ADD COLUMN \(MigrationSQL.convertingColumn) \(attribute.type.sqlType)")
    }

    /// Fails naming the first object whose value the built-in conversion would lose.
    private func check(_ attribute: AttributeDescription, of table: String, against conversion: BuiltInConversion, db: Database) throws {
        guard let loses = conversion.loses else { return }
        let column = SQL.quote(attribute.name)
        let condition = BuiltInConversion.sql(loses, column: column)
        guard let row = try Row.fetchOne(db, sql: "SELECT Z_PK, \(column) FROM \(SQL.quote(table)) WHERE \(column) IS NOT NULL AND (\(condition)) ORDER BY Z_PK LIMIT 1") else { return }
        let key: Int64 = row[0]
        let value: DatabaseValue = row[1]
        throw failure(
            entity: table, property: attribute.name, key: key, value: MigrationSQL.describe(value),
            reason: "the value is not \(conversion.requirement), so it cannot become \(attribute.type.rawValue) without loss; give the stage an AttributeConversion that decides, or fix the value first")
    }

    /// Fills the new column from the old one in SQL, a batch of keys per access.
    private func convertInSQL(_ attribute: AttributeDescription, of table: String, expression: String, progress: inout StageProgress) throws {
        let column = SQL.quote(attribute.name)
        let value = BuiltInConversion.sql(expression, column: column)
        let sql = "UPDATE \(SQL.quote(table)) SET \(MigrationSQL.convertingColumn) = \(value) WHERE Z_PK > ? AND Z_PK <= ?"
        var lower = Int64.min
        while let upper = try access({ db in try MigrationSQL.batchEnd(of: table, after: lower, size: Self.batchSize, db: db) }) {
            let converted = try access { db in
                try db.execute(sql: sql, arguments: [lower, upper])
                return db.changesCount
            }
            progress.advance(by: converted)
            lower = upper
        }
    }

    /// Fills the new column with the app's conversion: reads a batch, converts it with no
    /// database access open, writes it.
    private func convertEach(_ attribute: AttributeDescription, of table: String, with conversion: AttributeConversion, progress: inout StageProgress) throws {
        let quoted = SQL.quote(table)
        let column = SQL.quote(attribute.name)
        var lower = Int64.min
        while true {
            let batch = try access { db in
                try Row.fetchAll(db, sql: "SELECT Z_PK, \(column) FROM \(quoted) WHERE Z_PK > ? ORDER BY Z_PK LIMIT ?", arguments: [lower, Self.customBatchSize])
                    .map { (key: $0[0] as Int64, value: $0[1] as DatabaseValue) }
            }
            guard let last = batch.last else { return }
            var converted: [(key: Int64, value: DatabaseValue)] = []
            converted.reserveCapacity(batch.count)
            for row in batch {
                if row.value.isNull {
                    converted.append((row.key, .null))
                    continue
                }
                do {
                    converted.append((row.key, try conversion.transform(StoredValue(row.value)).databaseValue))
                } catch {
                    throw failure(entity: table, property: attribute.name, key: row.key, value: MigrationSQL.describe(row.value), reason: "the stage's conversion failed: \(error)")
                }
            }
            try access { db in
                let statement = try db.cachedStatement(sql: "UPDATE \(quoted) SET \(MigrationSQL.convertingColumn) = ? WHERE Z_PK = ?")
                for row in converted { try statement.execute(arguments: [row.value, row.key]) }
            }
            progress.advance(by: batch.count)
            lower = last.key
        }
    }
}
