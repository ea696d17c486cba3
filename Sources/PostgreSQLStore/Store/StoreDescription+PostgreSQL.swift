package import ObjectStore

extension StoreDescription {
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
