import Foundation
import NIOPosix
import PostgreSQLStore
import PostgresNIO

/// postgres-nio alone, for the `postgres` baselines: one connection on an event loop of its
/// own (as each connection of the store's pool is), statements sent with bind parameters and
/// waited for, nothing of the store in between.
final class RawPostgres {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let connection: PostgresConnection

    /// Connects to `url` with `schema` first on the search path.
    init(url: String, schema: String) throws {
        let settings = try PostgreSQLSettings(url: url, schema: schema, poolSize: 1)
        connection = try PostgresConnection.connect(
            on: group.next(), configuration: settings.connectionConfiguration, id: 1, logger: PostgreSQLConnectionPool.silentLogger
        ).wait()
    }

    deinit {
        try? connection.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Runs `query` and waits for all its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try connection.query(query, logger: PostgreSQLConnectionPool.silentLogger).wait()
    }
}
