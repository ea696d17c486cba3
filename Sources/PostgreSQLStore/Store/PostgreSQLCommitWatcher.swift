import DiffableSupport
import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import ObjectStore
import PostgresNIO

/// Wakes a container when other hosts commit to the store: a connection of its own `LISTEN`s on
/// the store's channel, where every commit's transaction queues a notification
/// (``PostgreSQLObjectStore/advanceGeneration(on:)``).
///
/// A notification is only a wake-up: its payload is not read, and `follow` reads the history
/// from the container's cursor. A lost notification costs at most `idleInterval` (the thread
/// follows the store that often anyway), never a commit. While the watch cannot listen (the
/// server is down, or refuses), it tries again after a growing pause and follows the store each
/// time; it follows at once when it listens again.
final class PostgreSQLCommitWatcher: CommitWatch {
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)
    private static let threadName = "PostgreSQLStore.commit-watch"

    init(settings: PostgreSQLSettings, channel: String, idleInterval: Double, follow: @escaping @Sendable (Int64?) -> Bool?) {
        let (wake, exited, stopped) = (wake, exited, stopped)
        let thread = Thread {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            var listening: PostgresConnection?
            var pause = 0.05
            while !stopped.value {
                if listening == nil || listening?.isClosed == true {
                    listening = Self.listen(settings: settings, channel: channel, group: group) { wake.signal() }
                }
                // Followed at once after a (re)connection, and whether or not listening works.
                guard !stopped.value, follow(nil) != nil else { break }
                if listening == nil {
                    _ = wake.wait(timeout: .now() + pause)
                    pause = min(pause * 2, max(idleInterval, 0.05))
                } else {
                    pause = 0.05
                    // Notifications that came while the store was followed are answered by one
                    // read, which reads every commit since the container's cursor.
                    if wake.wait(timeout: .now() + idleInterval) == .success {
                        while wake.wait(timeout: .now()) == .success {}
                    }
                }
            }
            try? listening?.close().wait()
            try? group.syncShutdownGracefully()
            exited.signal()
        }
        thread.name = Self.threadName
        thread.start()
    }

    /// A connection listening on `channel`, calling `notified` on its event loop for each
    /// notification; nil when the server cannot be reached now.
    private static func listen(settings: PostgreSQLSettings, channel: String, group: MultiThreadedEventLoopGroup, notified: @escaping @Sendable () -> Void) -> PostgresConnection? {
        let logger = PostgreSQLConnectionPool.silentLogger
        guard let connection = try? PostgresConnection.connect(
            on: group.next(), configuration: settings.connectionConfiguration, id: 0, logger: logger
        ).wait() else { return nil }
        connection.addListener(channel: channel) { _, _ in notified() }
        guard (try? connection.query("LISTEN \(unescaped: PostgreSQLIdentifier.quoted(channel))", logger: logger).wait()) != nil else {
            try? connection.close().wait()
            return nil
        }
        return connection
    }

    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
        guard Thread.current.name != Self.threadName else { return }
        _ = exited.wait(timeout: .now() + 5)
    }
}
