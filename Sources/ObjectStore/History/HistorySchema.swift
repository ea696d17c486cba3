import GRDB

/// The persistent history's tables, created in every store (new ones, and existing files that
/// predate it, when they are opened): `Z_HISTORY_TRANSACTION`, one row per tracked commit. Its
/// `Z_PK` (the rowid) is the store generation the commit raised the store to, so scans after or
/// before a token run on the table's own b-tree; `Z_HISTORY_TRANSACTION_AUTHOR` serves the author
/// filter. `Z_CHANGES` holds the commit's changes, one value per commit
/// (``HistoryChangeCoding``): a row per changed object would cost a save of many objects about
/// as much again as its own rows.
///
/// `Z_METADATA` keeps `historyPurgedThrough`: the newest transaction purged, below which a token
/// has expired.
///
/// `Z_HISTORY_CONSUMER` keeps the cursor of each named consumer (``HistoryConsumer``, and one per
/// container that merges other processes' commits): the newest generation it has processed, and
/// when it last said so.
enum HistorySchema {
    static let transactionTable = "Z_HISTORY_TRANSACTION"
    static let consumerTable = "Z_HISTORY_CONSUMER"
    static let purgedKey = "historyPurgedThrough"

    /// Creates the tables and index that do not exist yet.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(consumerTable) (Z_NAME TEXT PRIMARY KEY NOT NULL, \
            Z_CURSOR INTEGER NOT NULL, Z_SEEN REAL NOT NULL) WITHOUT ROWID
            """)
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(transactionTable) (Z_PK INTEGER PRIMARY KEY, Z_TIMESTAMP REAL NOT NULL, \
            Z_AUTHOR TEXT, Z_CONTEXTNAME TEXT, Z_PROCESSID INTEGER NOT NULL, Z_CHANGES BLOB NOT NULL)
            """)
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(transactionTable)_AUTHOR ON \(transactionTable) (Z_AUTHOR, Z_PK)")
    }
}
