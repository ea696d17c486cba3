import Foundation
import GRDB

/// Holds SQLite's write lock on a database file from a separate connection.
final class LockHolder: @unchecked Sendable {
    private let url: URL
    private var queue: DatabaseQueue?

    init(url: URL) {
        self.url = url
    }

    func acquire() throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
        }
        self.queue = queue
    }

    func release() {
        try? queue?.writeWithoutTransaction { db in
            try db.execute(sql: "ROLLBACK")
        }
        queue = nil
    }
}
