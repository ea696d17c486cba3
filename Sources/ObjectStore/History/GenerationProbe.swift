import GRDBSQLite

/// Reads a store file's newest generation on a read-only connection of its own, for the thread
/// that watches the file (``RemoteChangeWatcher``).
///
/// A wake-up of the watcher is most often the store's own commit, and it is checked a few times
/// more after each write; through the store's pooled readers every check would begin and end a
/// transaction with SQL text, check the schema and take the pool's locks. Here one statement,
/// prepared once, is stepped in autocommit mode: its read transaction lasts one step and holds
/// nothing back between checks (a checkpoint can restart the write-ahead log meanwhile).
///
/// Used by the thread that created it only.
final class GenerationProbe {
    private let connection: OpaquePointer
    private let statement: OpaquePointer

    /// A probe of the store file at `path`, or nil when it cannot be opened (the caller reads
    /// the generation through the store instead).
    init?(path: String) {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            return nil
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, StoreGeneration.currentSQL, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_close_v2(connection)
            return nil
        }
        self.connection = connection
        self.statement = statement
    }

    /// The newest committed generation (0 before the first commit), or nil when the read failed
    /// (for example while another connection recovers the log).
    func generation() -> Int64? {
        defer { sqlite3_reset(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return sqlite3_column_int64(statement, 0)
        case SQLITE_DONE: return 0
        default: return nil
        }
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(connection)
    }
}
