import DiffableSupport
public import Foundation

/// Opens a store for a model and hands out contexts: Core Data's persistent container.
///
/// ```swift
/// let model = ManagedObjectModel([Sport.self, Event.self])
/// let container = try PersistentContainer(name: "Scores", model: model)            // file store
/// let scratch = try PersistentContainer(name: "Test", model: model, store: .inMemory)
/// ```
///
/// The store opens when the container is created: the schema is created or migrated then (see
/// ``ObjectStoreError/incompatibleSchema(path:entity:attribute:reason:)`` for what cannot
/// migrate), and every problem with the location is thrown then. The store opens only a file it
/// created, an empty file or an empty database; anything else is left byte for byte unchanged.
public final class PersistentContainer: Sendable {
    /// The container's name (the default file name).
    public let name: String
    /// Where the store lives.
    public let storeDescription: StoreDescription
    let core: ContainerCore
    private let lazyViewContext = Locked<ManagedObjectContext?>(nil)

    /// The main-queue context for the UI; merges every other context's saves automatically, and
    /// other processes' commits (``ManagedObjectContext/automaticallyMergesRemoteChanges``).
    ///
    /// Created on first use, so programs that never touch it (command-line tools, servers) do not
    /// queue merges on a main queue that may never run.
    public var viewContext: ManagedObjectContext {
        lazyViewContext.withLock { context in
            if let context { return context }
            let created = ManagedObjectContext(core: core, parent: nil, concurrency: .mainQueue, name: "viewContext", mergesAutomatically: true, mergesRemoteChanges: true)
            context = created
            return created
        }
    }

    /// Opens (or creates) the store.
    ///
    /// - Parameters:
    ///   - name: The container name; the default store file is `<name>.sqlite` in the user's
    ///     application data directory.
    ///   - model: The entities.
    ///   - store: Where to keep the store; `nil` for the default file.
    /// - Throws: ``ObjectStoreError``: ``ObjectStoreError/cannotOpenStore(path:reason:)`` when
    ///   the directory is missing (see ``StoreDescription/createsMissingDirectory``), a directory
    ///   stands at the file's path, or the file cannot be read or created;
    ///   ``ObjectStoreError/notADatabase(path:reason:)`` for a file that is not SQLite's;
    ///   ``ObjectStoreError/foreignDatabase(path:found:)`` for a database the store did not create;
    ///   ``ObjectStoreError/newerStoreVersion(path:version:supportedVersion:)`` for a store of a
    ///   later version; ``ObjectStoreError/databaseLocked(path:timeoutSeconds:)``; and
    ///   ``ObjectStoreError/incompatibleSchema(path:entity:attribute:reason:)`` when the schema
    ///   cannot be migrated to the model.
    public convenience init(name: String, model: ManagedObjectModel, store: StoreDescription? = nil) throws(ObjectStoreError) {
        try self.init(name: name, model: model, plan: nil, store: store)
    }

    /// Opens (or creates) the store at the plan's current version, migrating it there through
    /// the plan's stages first when it is at an earlier one (see ``MigrationPlan``).
    ///
    /// The migration runs here, before the container exists: no context sees the store half
    /// migrated. The errors are those of ``init(name:model:store:)``, and
    /// ``ObjectStoreError/unknownModelVersion(path:version:knownVersions:)``,
    /// ``ObjectStoreError/migrationStagesMissing(path:from:to:)`` and
    /// ``ObjectStoreError/migrationFailed(_:)``, each leaving the store as it was. Versioned
    /// migration is SQLite-only for now: on a server store, a plan of more than one version fails
    /// with ``ObjectStoreError/versionedMigrationUnsupported(server:reason:)`` before anything is
    /// read or written (open it with ``init(name:model:store:)`` and the current model).
    public convenience init(name: String, migrationPlan: MigrationPlan, store: StoreDescription? = nil) throws(ObjectStoreError) {
        try self.init(name: name, model: migrationPlan.currentVersion.model, plan: migrationPlan, store: store)
    }

    private init(name: String, model: ManagedObjectModel, plan: MigrationPlan?, store: StoreDescription?) throws(ObjectStoreError) {
        defer { plan?.finishProgressUpdates() }
        let description = store ?? .defaultFile(name: name)
        self.name = name
        self.storeDescription = description
        if case .server(let server) = description.location, let plan, plan.versions.count > 1 {
            throw .versionedMigrationUnsupported(server: server, reason: "the migration plan lists \(plan.versions.count) versions")
        }
        let persistentStore: any PersistentStore
        if let opener = description.opener {
            persistentStore = try opener.open(description, model: model)
        } else {
            persistentStore = try SQLiteStore.open(description, model: model, plan: plan)
        }
        let generation = try persistentStore.currentGeneration()
        let core = ContainerCore(store: persistentStore, generation: generation)
        core.startWatching()
        self.core = core
    }

    deinit {
        // Contexts may outlive their container; other containers' commits are no longer
        // followed then, and the store closes as soon as the last of them goes.
        core.stopWatching()
    }

    /// The model.
    public var model: ManagedObjectModel { core.model }

    /// The store's identifier (the host part of object URIs).
    public var storeIdentifier: UUID { core.storeIdentifier }

    /// A new context on its own serial queue, saving to the store. It does not merge other
    /// contexts' saves unless you set ``ManagedObjectContext/automaticallyMergesChangesFromParent``.
    public func newBackgroundContext(name: String? = nil) -> ManagedObjectContext {
        ManagedObjectContext(core: core, parent: nil, concurrency: .privateQueue, name: name, mergesAutomatically: false)
    }

    /// Runs `body` with a new background context on that context's queue.
    public func performBackgroundTask<T: Sendable>(_ body: @escaping @Sendable (ManagedObjectContext) throws -> T) async throws -> T {
        let context = newBackgroundContext()
        return try await context.perform { try body(context) }
    }

    /// The object ID a URI from ``ObjectID/uriRepresentation()`` names.
    ///
    /// - Throws: ``ObjectStoreError/invalidURI(_:reason:)`` when the URI is malformed, names
    ///   another store, or an entity the model lacks. (The object itself may not exist; use
    ///   ``ManagedObjectContext/existingObject(with:)`` to check.)
    public func managedObjectID(forURIRepresentation uri: URL) throws(ObjectStoreError) -> ObjectID {
        let (store, entityName, key) = try ObjectID.parse(uri: uri).get()
        guard store == core.storeIdentifier else {
            throw .invalidURI(uri.absoluteString, reason: "it names store \(store.uuidString), this container's store is \(core.storeIdentifier.uuidString)")
        }
        guard let entity = core.model.entity(named: entityName) else {
            throw .invalidURI(uri.absoluteString, reason: "the model has no entity \(entityName)")
        }
        return ObjectID(binding: core.entityBindings[entity.index], key: key)
    }

    /// Calls `observer` with every change set committed to the store by any context of this
    /// container, in commit order, one at a time, at the end of the `save()` that committed it
    /// (on the thread of that save, or of an earlier one still delivering).
    ///
    /// No lock is held while the observer runs: it may save, fetch and create contexts. Change
    /// sets its own saves commit are delivered after it returns. To follow what one context
    /// shows, observe its change stream instead (``ManagedObjectContext/addChangeObserver(_:)``).
    public func addChangeSetObserver(_ observer: @escaping @Sendable (ChangeSet) -> Void) -> ObservationToken {
        core.storeChanges.observers.add(observer)
    }

    /// Every change set committed to the store, as an asynchronous sequence (buffered without
    /// limit); it ends when the container and all of its contexts are released.
    public func changeSets() -> AsyncStream<ChangeSet> {
        core.storeChanges.observers.stream()
    }
}
