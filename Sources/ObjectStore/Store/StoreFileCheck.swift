import DiffableSupport
import Foundation
import GRDBSQLite

/// Looks at a store's location before the store opens it, reading only, so that the store
/// never writes to a file it did not create and every problem is reported when the container
/// is created, naming the path.
enum StoreFileCheck {
    /// Checks that the store may open `url`: its directory exists (or is created when
    /// `createsDirectory`), and there is no file yet, an empty file, or an SQLite database that
    /// is empty or carries the store's metadata (``StoreMetadata``).
    ///
    /// An existing database is read through a read-only connection; when no write-ahead log is
    /// beside it, an immutable one, which takes no lock and creates no file beside it. A
    /// connection of another process or container that holds a lock is waited for up to
    /// `busyTimeout` seconds, as the store's own connection would.
    static func check(_ url: URL, createsDirectory: Bool, busyTimeout: Double) throws(ObjectStoreError) {
        let path = url.path
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard createsDirectory else {
                throw .cannotOpenStore(path: path, reason: "the directory \(directory.path) does not exist")
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpenStore(path: path, reason: "cannot create the directory \(directory.path): \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw .cannotOpenStore(path: path, reason: "\(directory.path) is a file, not a directory")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw .cannotOpenStore(path: path, reason: "a directory is at the store's path, where the store needs a file")
        }
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw .cannotOpenStore(path: path, reason: "cannot read the file: \(error.localizedDescription)")
        }
        if header.isEmpty { return }
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw .notADatabase(path: path, reason: "it does not start with SQLite's header; its first bytes are \(header.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " "))")
        }
        // With a write-ahead log beside it, the database is open elsewhere (or its writer
        // stopped before a checkpoint): read through the log, with SQLite's locks. Without one,
        // nothing else is using the file, and an immutable read leaves no trace.
        let inUse = FileManager.default.fileExists(atPath: path + "-wal")
        _ = try read(path, immutable: !inUse, busyTimeout: busyTimeout).isEmpty(path: path)
    }

    /// The schema names and metadata of the database at `path`, read without writing.
    private static func read(_ path: String, immutable: Bool, busyTimeout: Double) throws(ObjectStoreError) -> StoreMetadata {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let uri = "file:\(encoded)?\(immutable ? "immutable=1" : "mode=ro")"
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK, let connection else {
            throw .cannotOpenStore(path: path, reason: connection.map { String(cString: sqlite3_errmsg($0)) } ?? "SQLite cannot open it")
        }
        sqlite3_busy_timeout(connection, Int32(clamping: Int((busyTimeout * 1000).rounded())))
        guard let names = rows(StoreMetadata.schemaQuery, connection)?.map({ $0[0] ?? "" }) else {
            let code = sqlite3_errcode(connection) & 0xFF
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { throw .databaseLocked(path: path, timeoutSeconds: busyTimeout) }
            throw .notADatabase(path: path, reason: String(cString: sqlite3_errmsg(connection)))
        }
        var values: [String: String]?
        if StoreMetadata.hasMetadataTable(names), let pairs = rows(StoreMetadata.valuesQuery, connection) {
            values = Dictionary(pairs.map { ($0[0] ?? "", $0[1] ?? "") }, uniquingKeysWith: { first, _ in first })
        }
        return StoreMetadata(schemaNames: names, values: values)
    }

    /// The text columns of each row `sql` selects, or nil when it fails.
    private static func rows(_ sql: String, _ connection: OpaquePointer) -> [[String?]]? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        let width = sqlite3_column_count(statement)
        var result: [[String?]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                result.append((0..<width).map { column in sqlite3_column_text(statement, column).map { String(cString: $0) } })
            case SQLITE_DONE:
                return result
            default:
                return nil
            }
        }
    }
}
