import Foundation
import GRDB

/// What a database's schema and `Z_METADATA` say about whose it is: the store writes only to an
/// empty database or to one it created, with a format version it knows.
struct StoreMetadata {
    /// The version of the store's file format, written to every store as `formatVersion`. A
    /// store written by a later version of this library, with a higher number, is not opened.
    static let formatVersion = 1

    /// The names of the database's tables, indexes, views and triggers (SQLite's own excluded).
    var schemaNames: [String]
    /// The rows of `Z_METADATA` (values as text), or nil when there is no such table or it
    /// cannot be read.
    var values: [String: String]?

    /// The query that lists the schema names.
    static let schemaQuery = "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
    /// The query that reads the metadata rows.
    static let valuesQuery = "SELECT Z_KEY, CAST(Z_VALUE AS TEXT) FROM Z_METADATA"

    /// Whether the metadata table is among `schemaNames` (names compare case-insensitively in SQLite).
    static func hasMetadataTable(_ schemaNames: [String]) -> Bool {
        schemaNames.contains { $0.caseInsensitiveCompare("Z_METADATA") == .orderedSame }
    }

    /// Reads the metadata through a GRDB connection.
    init(_ db: Database) throws {
        schemaNames = try String.fetchAll(db, sql: Self.schemaQuery)
        values = nil
        if Self.hasMetadataTable(schemaNames) {
            values = try? Dictionary(Row.fetchAll(db, sql: Self.valuesQuery).map { row in (row[0] as String? ?? "", row[1] as String? ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    init(schemaNames: [String], values: [String: String]?) {
        self.schemaNames = schemaNames
        self.values = values
    }

    /// True for an empty database (nothing to keep: the store creates its schema), false for a
    /// store of ours.
    ///
    /// - Throws: ``ObjectStoreError/foreignDatabase(path:found:)`` when the database holds
    ///   anything without the store's metadata; ``ObjectStoreError/newerStoreVersion(path:version:supportedVersion:)``
    ///   when the metadata names a later format version.
    func isEmpty(path: String) throws(ObjectStoreError) -> Bool {
        if schemaNames.isEmpty { return true }
        guard let values, let identifier = values["storeIdentifier"], UUID(uuidString: identifier) != nil else {
            throw .foreignDatabase(path: path, found: "an SQLite database without ObjectStore metadata, holding \(Self.list(schemaNames))")
        }
        // Stores written before the format version was recorded are version 1.
        let text = values["formatVersion"] ?? "1"
        guard let version = Int(text) else {
            throw .foreignDatabase(path: path, found: "ObjectStore metadata with an unreadable format version \"\(text)\"")
        }
        guard version <= Self.formatVersion else {
            throw .newerStoreVersion(path: path, version: version, supportedVersion: Self.formatVersion)
        }
        return false
    }

    /// "tables A, B and C" (the first few of a long list).
    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(8).map { "'\($0)'" }
        let rest = names.count > shown.count ? " and \(names.count - shown.count) more" : ""
        return "\(names.count == 1 ? "the schema object" : "the schema objects") \(shown.joined(separator: ", "))\(rest)"
    }
}
