import DiffableSupport
public import Foundation

/// An error thrown by the object store: opening, migrating, reading or saving.
///
/// Every case carries what failed and where, and its ``description`` says what to do. Match the
/// cases to react to a specific failure:
///
/// ```swift
/// do {
///     try context.save()
/// } catch ObjectStoreError.saveConflict(let conflicts) {
///     context.rollback()
///     print("someone else changed", conflicts.map(\.objectID))
/// }
/// ```
public enum ObjectStoreError: Error, Sendable, CustomStringConvertible {
    /// The store file could not be opened or created at `path`.
    case cannotOpenStore(path: String, reason: String)
    /// The database server `server` (named without its password) could not be reached, or
    /// refused the store's user; `reason` is the server's or the driver's message.
    case cannotConnect(server: String, reason: String)
    /// The file at `path` is not an SQLite database, or it is corrupt.
    case notADatabase(path: String, reason: String)
    /// Another connection or process held the database lock longer than the busy timeout.
    case databaseLocked(path: String, timeoutSeconds: Double)
    /// The database at `path` holds something the store did not write (another program's
    /// tables, or unreadable store metadata); the store opens only files it created, empty
    /// files and empty databases, and leaves this one unchanged.
    case foreignDatabase(path: String, found: String)
    /// The store at `path` was written by a later version of this library (its format version
    /// is `version`; this one reads up to `supportedVersion`) and is left unchanged.
    case newerStoreVersion(path: String, version: Int, supportedVersion: Int)
    /// The model does not fit the schema of the store at `path`, and no automatic migration can
    /// fix it; the store is left unchanged.
    case incompatibleSchema(path: String, entity: String, attribute: String?, reason: String)
    /// The save would overwrite values another context saved after this context read them.
    case saveConflict([SaveConflict])
    /// The save breaks a rule declared on the model.
    case validation([ValidationFailure])
    /// The object is not in the store (it was deleted, or it never existed).
    case objectNotFound(ObjectID)
    /// A URI does not name an object of this store.
    case invalidURI(String, reason: String)
    /// Reading or writing the database failed for another reason.
    case storeFailure(path: String, reason: String)
    /// A fetch request's predicate or sort descriptors do not fit the entity (unknown key, type
    /// mismatch, unresolved variable, invalid regular expression).
    case invalidFetchRequest(FetchPredicateError)
    /// A history token of another store (`storeIdentifier` is this store's) was passed to this
    /// store's history.
    case historyTokenOfAnotherStore(HistoryToken, storeIdentifier: UUID)
    /// Transactions after `token` were purged from the history (``ManagedObjectContext/deleteHistory(before:)``),
    /// so the commits since `token` can no longer all be read; `oldest` is the oldest
    /// transaction still kept (nil when none is).
    case historyExpired(token: HistoryToken, oldest: HistoryToken?)
    /// A batch request does not fit its entity: `reason` names the property and what is wrong
    /// with it.
    case invalidBatchRequest(entity: String, reason: String)
    /// The store at `path` cannot hold the value the object `objectID` has for the attribute
    /// `attribute` of `entity` (`reason` says why, such as text with a NUL character on
    /// PostgreSQL). Thrown before anything is written: the save changed nothing, and the context
    /// keeps its changes.
    case unstorableValue(ObjectID, entity: String, attribute: String, path: String, reason: String)
    /// The objects' ``ManagedObject/willSave()`` methods kept changing objects: after `rounds`
    /// rounds of calls, `objects` had changed again since their last call. Nothing was saved, and
    /// the context keeps its changes (those `willSave()` made included).
    case saveHooksDidNotSettle(rounds: Int, objects: [ObjectID])
    /// The integer `sum` named `column` of a grouped fetch of `entity` passes the range of
    /// `Int64` for some group, whether or not the ``FetchRequest/havingPredicate`` keeps that
    /// group: thrown by the store's SQL, by a fetch folded in memory and by a live aggregate alike
    /// (a total that passes the range on the way and comes back is exact).
    case integerSumOverflow(entity: String, column: String)
    /// The store at `path` records the model version `version`, which the container's
    /// ``MigrationPlan`` does not list (`knownVersions`): a later version of the app wrote it, or
    /// the version was left out of the plan. The store was left unchanged.
    case unknownModelVersion(path: String, version: String, knownVersions: [String])
    /// The store at `path` is at version `from`, and the ``MigrationPlan`` has no chain of stages
    /// from it to the current version `to`. The store was left unchanged.
    case migrationStagesMissing(path: String, from: String, to: String)
    /// A stage of a versioned migration failed (``MigrationFailure`` says where and why); the
    /// whole migration rolled back, leaving the store as it was.
    case migrationFailed(MigrationFailure)
    /// The store on `server` cannot be opened through a ``MigrationPlan`` of several versions:
    /// versioned migration is SQLite-only for now. Nothing was read or written.
    case versionedMigrationUnsupported(server: String, reason: String)

    /// Sentences that say what failed, where, and what to do.
    public var description: String {
        switch self {
        case let .cannotOpenStore(path, reason):
            return "Cannot open the store at \(path): \(clause(reason)). Check that the directory exists and is writable."
        case let .cannotConnect(server, reason):
            return "Cannot open the store on \(server): \(clause(reason)). Check that the server runs and accepts connections there, and the user, password and sslmode."
        case let .notADatabase(path, reason):
            return "The file at \(path) is not a readable SQLite database (\(clause(reason))). Move it aside or restore a backup."
        case let .databaseLocked(path, timeout):
            return "The database at \(path) stayed locked by another connection for more than \(timeout) s. Retry later, or raise StoreDescription.busyTimeout."
        case let .foreignDatabase(path, found):
            return "The file at \(path) was not created by ObjectStore: it holds \(clause(found)). It was left unchanged; choose another location, or move the file aside."
        case let .newerStoreVersion(path, version, supported):
            return "The store at \(path) was written by a later version of ObjectStore (format version \(version); this version reads up to \(supported)). It was left unchanged; open it with that version or later."
        case let .incompatibleSchema(path, entity, attribute, reason):
            let place = attribute.map { "\(entity).\($0)" } ?? entity
            return "The model is incompatible with the store at \(path), at \(place): \(clause(reason)). The store was left unchanged; give the attribute a default, make it optional, or migrate the data by hand."
        case let .saveConflict(conflicts):
            return "The save conflicts with changes another context saved. \(Self.sentences(conflicts)) Refresh the objects (or choose a merge policy) and save again."
        case let .validation(failures):
            return "The save breaks rules of the model. \(Self.sentences(failures)) Fix the values and save again."
        case let .objectNotFound(id):
            return "No object \(id) exists in the store; it was deleted or never saved. Save objects before looking them up by ID, and drop the IDs of deleted ones."
        case let .invalidURI(uri, reason):
            return "The URI \(uri) does not name an object of this store: \(clause(reason)). Pass the uriRepresentation() of an object of this container's store."
        case let .storeFailure(path, reason):
            return "Reading or writing the store at \(path) failed: \(clause(reason)). Check the file and the disk, then retry."
        case let .invalidFetchRequest(error):
            return "The fetch request is invalid. \(error)"
        case let .historyTokenOfAnotherStore(token, store):
            return "The \(token) does not belong to this store (\(store.uuidString)). Pass a token from this store's history, or nil to read it from the start."
        case let .historyExpired(token, oldest):
            let kept = oldest.map { "the oldest transaction kept is \($0.generation)" } ?? "no transaction is kept"
            return "The persistent history after the \(token) was purged (\(kept)), so the commits since that token cannot all be read. Refetch what you show from the store, then read the history after currentHistoryToken."
        case let .invalidBatchRequest(entity, reason):
            return "The batch request on \(entity) is invalid: \(clause(reason)). Fix the request; nothing was changed."
        case let .unstorableValue(id, entity, attribute, path, reason):
            return "The store at \(path) cannot hold the value of \(entity).\(attribute) of the object \(id): \(clause(reason)). Nothing was saved and the context keeps its changes; change the value and save again."
        case let .saveHooksDidNotSettle(rounds, objects):
            let named = objects.prefix(5).map(\.description).joined(separator: ", ") + (objects.count > 5 ? " and \(objects.count - 5) more" : "")
            return "willSave() kept changing objects: after \(rounds) rounds of calls, \(named) changed again since their last call. Nothing was saved and the context keeps its changes; in willSave(), set a value only when it differs from the one the object has."
        case let .integerSumOverflow(entity, column):
            return "The sum \(column) of the \(entity) objects of a group passes the range of a 64-bit integer (\(Int64.min) to \(Int64.max)). Sum a double attribute instead, or group or filter the objects into smaller totals."
        case let .unknownModelVersion(path, version, known):
            return "The store at \(path) is at model version \(version), which the migration plan does not list (it lists \(known.joined(separator: ", "))). It was left unchanged; open it with the version of the app that wrote it, or list that version in the plan."
        case let .migrationStagesMissing(path, from, to):
            return "The store at \(path) is at model version \(from), and the migration plan has no stages from \(from) to the current version \(to). It was left unchanged; add the missing stages to the plan."
        case let .migrationFailed(failure):
            return "\(failure) The store was left as it was; fix the data or the stage (a conversion, a custom stage) and open it again."
        case let .versionedMigrationUnsupported(server, reason):
            return "The store on \(server) cannot be opened through a migration plan (\(clause(reason))): versioned migration runs on SQLite stores only for now. Nothing was read or written; migrate the server's schema by hand, then open it with the current model (PersistentContainer(name:model:store:))."
        }
    }

    /// The messages of `parts`, each a sentence, one after the other.
    private static func sentences(_ parts: [some CustomStringConvertible]) -> String {
        parts.map(\.description).joined(separator: " ")
    }
}
