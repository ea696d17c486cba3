import Foundation
import GRDBSQLite

/// Tells whether an existing file is a store the demo made, reading only: the object store
/// itself refuses other programs' databases, and this check also refuses another object store's,
/// which opening would migrate to the demo's model.
enum StoreOwnership {
    /// Throws when `url` holds an SQLite database with tables but without the demo's mark.
    ///
    /// Files that are missing, empty, not SQLite, or unreadable pass: the object store opens
    /// the first two and reports the others, locked and corrupt files included, in its own words.
    static func check(_ url: URL) throws(ScoreboardError) {
        let path = url.path
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else { return }
        // Without a write-ahead log beside it nobody has the file open: an immutable read takes
        // no lock and leaves no file behind.
        let inUse = FileManager.default.fileExists(atPath: path + "-wal")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let uri = "file:\(encoded)?\(inUse ? "mode=ro" : "immutable=1")"
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK, let connection else { return }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        let sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return }
        var tables: [String] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { return }
            if let text = sqlite3_column_text(statement, 0) { tables.append(String(cString: text)) }
        }
        let mark = String(describing: ScoreboardMark.self)
        if tables.isEmpty || tables.contains(where: { $0.caseInsensitiveCompare(mark) == .orderedSame }) { return }
        let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
        throw .notAScoreboardStore(path: path, found: "the tables \(shown)")
    }
}
