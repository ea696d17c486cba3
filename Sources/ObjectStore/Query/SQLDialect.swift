/// The SQL a store speaks: filters and queries are written for the store that runs them.
package enum SQLDialect: Sendable, Hashable {
    /// SQLite, with the store's functions and collations registered on every connection.
    case sqlite
    /// PostgreSQL, with text columns in the "C" collation (UTF-8 byte order, as SQLite's BINARY).
    case postgreSQL
}
