/// Where a PostgreSQL store's server is and how the store talks to it: the parts of a
/// `postgres://` URL, the schema the store keeps its tables in, the size of its connection pool
/// and its timeouts.
///
/// The password is kept for the connection and shown nowhere: ``description``,
/// ``debugDescription`` and the mirror that `dump` and test failures print write `***` in its
/// place.
package struct PostgreSQLSettings: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The schema the store keeps its tables in when no other is named.
    package static let defaultSchema = "diffablestore"
    /// The name the server shows for the store's connections when the URL names none.
    package static let defaultApplicationName = "DiffableStore"
    /// The port of a URL that names none.
    package static let defaultPort = 5432

    /// The server's host name or IP address (an IPv6 address without its brackets).
    package var host: String
    /// The server's TCP port.
    package var port: Int
    /// The database to connect to.
    package var database: String
    /// The role to connect as.
    package var user: String
    /// The role's password, or nil when the server asks for none.
    package var password: String?
    /// Whether and how connections are encrypted.
    package var sslMode: PostgreSQLSSLMode
    /// The schema (namespace) the store creates and owns; it refuses one holding tables it did
    /// not create.
    package var schema: String
    /// The most connections the store opens at once.
    package var poolSize: Int
    /// How long opening a connection (or waiting for a free one) may take before it fails.
    package var connectTimeout: Duration
    /// How long one statement may run before the server cancels it (PostgreSQL's
    /// `statement_timeout`), or nil for no limit.
    package var queryTimeout: Duration?
    /// The name the server shows for the store's connections (`application_name` in
    /// `pg_stat_activity`), to tell one host's connections from another's.
    package var applicationName: String

    /// Settings from a URL, `postgres://user:password@host:port/database?sslmode=MODE`, and the
    /// store's own choices.
    ///
    /// `postgresql://` is accepted too; the user name, password, host and database are
    /// percent-decoded; the port is 5432 when left out, the database the user name, and
    /// `sslmode` `prefer`. A `connect_timeout` parameter (whole seconds, as in libpq) replaces
    /// `connectTimeout`; an `application_name` parameter (percent-encoded) names the
    /// connections, ``defaultApplicationName`` when left out.
    ///
    /// - Throws: ``PostgreSQLSettingsError`` naming the part that is wrong, never with the
    ///   password in it.
    package init(
        url: String,
        schema: String = Self.defaultSchema,
        poolSize: Int = 8,
        connectTimeout: Duration = .seconds(10),
        queryTimeout: Duration? = nil
    ) throws(PostgreSQLSettingsError) {
        let parts = try PostgreSQLURL(parsing: url)
        self.host = parts.host
        self.port = parts.port ?? Self.defaultPort
        self.user = parts.user
        self.password = parts.password
        self.database = parts.database ?? parts.user
        self.sslMode = parts.sslMode ?? .prefer
        self.schema = schema
        self.poolSize = poolSize
        self.connectTimeout = parts.connectTimeout ?? connectTimeout
        self.queryTimeout = queryTimeout
        self.applicationName = parts.applicationName ?? Self.defaultApplicationName
        try validate()
    }

    /// Checks the values a URL does not bound: the schema name, the pool size and the timeouts.
    ///
    /// - Throws: ``PostgreSQLSettingsError`` for the first value out of range.
    package func validate() throws(PostgreSQLSettingsError) {
        guard PostgreSQLIdentifier.isPlain(schema) else { throw .invalidSchemaName(schema) }
        guard poolSize >= 1 else { throw .invalidPoolSize(poolSize) }
        guard connectTimeout > .zero else { throw .invalidTimeout(name: "connect timeout", connectTimeout) }
        if let queryTimeout, queryTimeout <= .zero { throw .invalidTimeout(name: "query timeout", queryTimeout) }
    }

    /// Where the store connects, as a URL with `***` for the password:
    /// `postgres://app:***@db.example.com:5432/app?sslmode=require`.
    package var description: String {
        let credentials = PostgreSQLURL.encode(user) + (password == nil ? "" : ":***")
        let address = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(credentials)@\(address):\(port)/\(PostgreSQLURL.encode(database))?sslmode=\(sslMode.rawValue)"
    }

    /// The URL of ``description`` with the store's own settings.
    package var debugDescription: String {
        let queryLimit = queryTimeout.map { "\($0)" } ?? "none"
        return "PostgreSQLSettings(\(description), schema: \(schema), pool size: \(poolSize), connect timeout: \(connectTimeout), query timeout: \(queryLimit), application name: \(applicationName))"
    }

    /// The properties as `dump` and test failures show them, the password as `***`.
    package var customMirror: Mirror {
        Mirror(self, children: [
            "host": host, "port": port, "database": database, "user": user,
            "password": password == nil ? "nil" : "***", "sslMode": sslMode, "schema": schema,
            "poolSize": poolSize, "connectTimeout": connectTimeout, "queryTimeout": queryTimeout as Any,
            "applicationName": applicationName,
        ], displayStyle: .struct)
    }
}
