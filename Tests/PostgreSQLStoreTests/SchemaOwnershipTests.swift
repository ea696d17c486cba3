import Foundation
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import PostgresNIO
import Testing

extension PostgreSQLServerTests {
    @Suite("The store's own schema")
    struct SchemaOwnershipTests {
        @Test func aNewSchemaIsCreatedWithTheStoresMetadata() async throws {
            let settings = try await settings()
            try await withPool(settings) { pool in
                let schema = try PostgreSQLStoreSchema.open(on: pool)
                #expect(schema.wasCreated)
                #expect(schema.name == settings.schema)
                #expect(schema.formatVersion == PostgreSQLStoreSchema.formatVersion)
                #expect(try relations(in: settings.schema, on: pool) == [PostgreSQLStoreSchema.metadataTable])
            }
        }

        @Test func reopeningTheStoresOwnSchemaKeepsItsIdentifier() async throws {
            let settings = try await settings()
            let created = try await withPool(settings) { pool in try PostgreSQLStoreSchema.open(on: pool) }
            let reopened = try await withPool(settings) { pool in try PostgreSQLStoreSchema.open(on: pool) }
            #expect(!reopened.wasCreated)
            #expect(reopened.storeIdentifier == created.storeIdentifier)
        }

        @Test func anEmptySchemaIsAdopted() async throws {
            let settings = try await settings()
            try await withPool(settings) { pool in
                try pool.query("CREATE SCHEMA \(unescaped: PostgreSQLIdentifier.quoted(settings.schema))")
                let schema = try PostgreSQLStoreSchema.open(on: pool)
                #expect(schema.wasCreated)
            }
        }

        @Test func aSchemaHoldingTablesTheStoreDidNotCreateIsRefusedUntouched() async throws {
            let settings = try await settings()
            let schema = PostgreSQLIdentifier.quoted(settings.schema)
            try await withPool(settings) { pool in
                try pool.query("CREATE SCHEMA \(unescaped: schema)")
                try pool.query("CREATE TABLE \(unescaped: schema).orders (id int PRIMARY KEY, total numeric)")
                try pool.query("INSERT INTO \(unescaped: schema).orders VALUES (\(7), 12.50)")
                try pool.query("CREATE SEQUENCE \(unescaped: schema).invoice_numbers")

                #expect(throws: PostgreSQLStoreError.foreignSchema(schema: settings.schema, database: "postgres", found: ["invoice_numbers", "orders"])) {
                    try PostgreSQLStoreSchema.open(on: pool)
                }
                #expect(try relations(in: settings.schema, on: pool) == ["invoice_numbers", "orders"])
                let row = try #require(try pool.query("SELECT id, total::text FROM \(unescaped: schema).orders").first)
                let (id, total) = try row.decode((Int32, String).self)
                #expect(id == 7 && total == "12.50")
                let comment = try pool.query("SELECT obj_description(\(settings.schema)::regnamespace)::text").first?.decode(String?.self)
                #expect(comment == nil)
            }
        }

        @Test func theRefusalNamesTheSchemaTheDatabaseAndWhatToDo() {
            let error = PostgreSQLStoreError.foreignSchema(schema: "app", database: "shop", found: ["orders"])
            #expect(error.description.contains("\"app\""))
            #expect(error.description.contains("\"shop\""))
            #expect(error.description.contains("\"orders\""))
            #expect(error.description.contains("left unchanged; name another schema"))
        }

        @Test func aMetadataTableAnotherProgramWroteIsRefused() async throws {
            let settings = try await settings()
            let schema = PostgreSQLIdentifier.quoted(settings.schema)
            try await withPool(settings) { pool in
                try pool.query("CREATE SCHEMA \(unescaped: schema)")
                try pool.query("CREATE TABLE \(unescaped: schema).z_metadata (z_key text PRIMARY KEY, z_value text NOT NULL)")
                try pool.query("INSERT INTO \(unescaped: schema).z_metadata VALUES ('storeIdentifier', \(UUID().uuidString)), ('formatVersion', '1')")
                #expect(throws: PostgreSQLStoreError.foreignSchema(schema: settings.schema, database: "postgres", found: ["z_metadata"])) {
                    try PostgreSQLStoreSchema.open(on: pool)
                }
            }
        }

        @Test func aSchemaOfALaterFormatVersionIsRefusedUntouched() async throws {
            let settings = try await settings()
            try await withPool(settings) { pool in
                try PostgreSQLStoreSchema.open(on: pool)
                let table = "\(PostgreSQLIdentifier.quoted(settings.schema)).z_metadata"
                try pool.query("UPDATE \(unescaped: table) SET z_value = '99' WHERE z_key = 'formatVersion'")
                #expect(throws: PostgreSQLStoreError.newerSchemaVersion(schema: settings.schema, version: 99, supportedVersion: PostgreSQLStoreSchema.formatVersion)) {
                    try PostgreSQLStoreSchema.open(on: pool)
                }
                let version = try pool.query("SELECT z_value FROM \(unescaped: table) WHERE z_key = 'formatVersion'").first?.decode(String.self)
                #expect(version == "99")
            }
        }

        @Test func hostsOpeningTheSameNewSchemaAtOnceAgreeOnOneStore() async throws {
            let settings = try await settings()
            let opened = try await withThrowingTaskGroup(of: PostgreSQLStoreSchema.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await withPool(settings) { pool in try PostgreSQLStoreSchema.open(on: pool) } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(opened.map(\.storeIdentifier)).count == 1)
            #expect(opened.filter(\.wasCreated).count == 1)
        }
    }
}
