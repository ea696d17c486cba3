public import ObjectStore

extension StoreDescription {
    /// A store in a PostgreSQL database, which the containers of many hosts (and processes) open
    /// at once: a save on one host reaches the contexts and controllers of every other.
    ///
    /// ```swift
    /// let store = try StoreDescription.postgreSQL(url: "postgres://scores:secret@db.internal/scores?sslmode=require")
    /// let container = try PersistentContainer(name: "Scores", model: model, store: store)
    /// ```
    ///
    /// The store keeps its tables in `schema` (created on first use) and opens no schema holding
    /// tables it did not create. Its statements bind every value as a parameter; the password
    /// appears in no error, log line or description (the location shows `***`).
    ///
    /// - Parameters:
    ///   - url: `postgres://user:password@host:port/database?sslmode=…` (`postgresql://` too):
    ///     parts percent-decoded, port 5432 and the database named as the user when left out;
    ///     `sslmode` is `disable`, `prefer` (the default), `require` or `verify-full` (TLS
    ///     through NIOSSL, checking the certificate and host name only for `verify-full`);
    ///     `connect_timeout` (whole seconds) replaces `connectTimeout`; `application_name`
    ///     names the store's connections on the server (`DiffableStore` when left out).
    ///   - schema: The schema the store owns: 1 to 63 lowercase letters, digits and underscores.
    ///   - poolSize: How many connections each container keeps at most.
    ///   - connectTimeout: How long getting a connection waits before the store fails with
    ///     `ObjectStoreError.cannotConnect(server:reason:)` or a store failure.
    ///   - queryTimeout: How long one statement may run before the server cancels it (none when
    ///     nil).
    /// - Throws: ``PostgreSQLSettingsError`` naming the part of the settings that is wrong.
    public static func postgreSQL(
        url: String,
        schema: String = "diffablestore",
        poolSize: Int = 8,
        connectTimeout: Duration = .seconds(10),
        queryTimeout: Duration? = nil
    ) throws(PostgreSQLSettingsError) -> StoreDescription {
        .postgreSQL(try PostgreSQLSettings(url: url, schema: schema, poolSize: poolSize, connectTimeout: connectTimeout, queryTimeout: queryTimeout))
    }

    /// A store in a PostgreSQL database, which many hosts can open at once.
    ///
    /// The description's location names the server and schema without the password;
    /// ``persistentHistoryTracking`` is on.
    package static func postgreSQL(_ settings: PostgreSQLSettings) -> StoreDescription {
        var description = StoreDescription(location: .server("\(settings.description) (schema \(settings.schema))"))
        description.opener = PostgreSQLStoreOpener(settings: settings)
        return description
    }
}

extension StoreDescription {
    /// The schema of a PostgreSQL store's description, nil for other stores.
    package var schemaName: String? {
        (opener as? PostgreSQLStoreOpener)?.settings.schema
    }
}

/// Opens a ``PostgreSQLObjectStore`` for a container.
struct PostgreSQLStoreOpener: PersistentStoreOpener {
    let settings: PostgreSQLSettings

    func open(_ description: StoreDescription, model: ManagedObjectModel) throws(ObjectStoreError) -> any PersistentStore {
        try PostgreSQLObjectStore.open(
            settings, model: model, tracksHistory: description.persistentHistoryTracking, historyRetention: description.historyRetention)
    }
}
