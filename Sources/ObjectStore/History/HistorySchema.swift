import GRDB

/// The persistent history's tables, created in every store (new ones, and existing files that
/// predate them, when they are opened):
///
/// - `Z_HISTORY_TRANSACTION`: one row per tracked commit. Its `Z_PK` (the rowid) is the store
///   generation the commit raised the store to, so scans after or before a token run on the
///   table's own b-tree; `Z_HISTORY_TRANSACTION_AUTHOR` serves the author filter.
/// - `Z_HISTORY_CHANGE`: one row per changed object, clustered by `(Z_TRANSACTION, Z_INDEX)`
///   (`WITHOUT ROWID`), so a range of transactions reads a contiguous range of changes.
///   `Z_ENTITY` is the entity's name; `Z_PROPERTIES` the updated property names, separated by
///   commas; `Z_TOMBSTONE` a delete's preserved values (``HistoryTombstone``).
///
/// `Z_METADATA` keeps `historyPurgedThrough`: the newest transaction purged, below which a token
/// has expired.
enum HistorySchema {
    static let transactionTable = "Z_HISTORY_TRANSACTION"
    static let changeTable = "Z_HISTORY_CHANGE"
    static let purgedKey = "historyPurgedThrough"

    /// Creates the tables and index that do not exist yet.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(transactionTable) (Z_PK INTEGER PRIMARY KEY, Z_TIMESTAMP REAL NOT NULL, \
            Z_AUTHOR TEXT, Z_CONTEXTNAME TEXT, Z_PROCESSID INTEGER NOT NULL)
            """)
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(transactionTable)_AUTHOR ON \(transactionTable) (Z_AUTHOR, Z_PK)")
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(changeTable) (Z_TRANSACTION INTEGER NOT NULL, Z_INDEX INTEGER NOT NULL, \
            Z_ENTITY TEXT NOT NULL, Z_KEY INTEGER NOT NULL, Z_TYPE INTEGER NOT NULL, Z_PROPERTIES TEXT, Z_TOMBSTONE BLOB, \
            PRIMARY KEY (Z_TRANSACTION, Z_INDEX)) WITHOUT ROWID
            """)
    }
}
