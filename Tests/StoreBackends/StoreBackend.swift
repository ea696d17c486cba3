package import ObjectStore
import Testing
#if STORE_BACKENDS_POSTGRESQL
import PostgreSQLStore
import PostgreSQLTestSupport
#endif

/// A store the contract suites run their tests on, one test case per backend:
///
/// ```swift
/// @Test(arguments: StoreBackend.all)
/// func aSaveIsReadBack(_ backend: StoreBackend) async throws {
///     let container = try await backend.container(name: "Test", model: TestModel.model)
///     …
/// }
/// ```
///
/// The PostgreSQL store is a backend only in builds with PostgreSQL (not the thread-sanitizer
/// build, which compiles no PostgreSQL code).
package enum StoreBackend: Sendable, CustomTestStringConvertible {
    /// The SQLite store, in memory: a new, empty store for every container.
    case sqlite
    #if STORE_BACKENDS_POSTGRESQL
    /// The PostgreSQL store on the tests' shared throwaway server (or the one
    /// `DIFFABLESTORE_POSTGRES_URL` names), in a new schema for every container; the schemas go
    /// with the throwaway server when the test process ends.
    case postgreSQL
    #endif

    /// Every backend the tests can run on: SQLite, and PostgreSQL when the build has it and a
    /// server is available (without one, a line says the PostgreSQL cases are skipped, once).
    package static let all: [StoreBackend] = {
        #if STORE_BACKENDS_POSTGRESQL
        guard PostgreSQLTestServer.isAvailable else {
            print(PostgreSQLTestServer.skipLine)
            return [.sqlite]
        }
        return [.sqlite, .postgreSQL]
        #else
        return [.sqlite]
        #endif
    }()

    package var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        #if STORE_BACKENDS_POSTGRESQL
        case .postgreSQL: "PostgreSQL"
        #endif
        }
    }

    /// Whether a string attribute can hold the NUL character (U+0000): PostgreSQL's `text`
    /// cannot, and the server refuses a statement that would store or compare one.
    package var textHoldsNUL: Bool {
        self == .sqlite
    }

    /// A container named `name` for `model` on a new, empty store of this backend.
    ///
    /// - Throws: The error starting the shared PostgreSQL server, or the container's
    ///   `ObjectStoreError` opening the store.
    package func container(name: String, model: ManagedObjectModel) async throws -> PersistentContainer {
        try PersistentContainer(name: name, model: model, store: try await storeDescription())
    }

    /// The description of a new, empty store of this backend.
    package func storeDescription() async throws -> StoreDescription {
        switch self {
        case .sqlite:
            return .inMemory
        #if STORE_BACKENDS_POSTGRESQL
        case .postgreSQL:
            let url = try await PostgreSQLTestServer.shared().url
            return try StoreDescription.postgreSQL(url: url, schema: PostgreSQLTestServer.uniqueSchema(prefix: "contract_"), poolSize: 4)
        #endif
        }
    }
}
