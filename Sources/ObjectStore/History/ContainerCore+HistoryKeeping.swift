import Foundation

/// When a watching container last wrote its history position and purged the history.
///
/// It starts as if both were done at opening: the commits before it are passed already, and
/// the ones after are younger than any retention for a quarter of it, so the first write (and
/// the first purge) can wait for the first commit or the first heartbeat, away from the opening
/// (where it would compete for the write lock with whatever the opener does next).
struct HistoryKeeping {
    var writtenCursor: Int64
    var cursorWritten: Double
    var purged: Double

    init(cursor: Int64, now: Double = Date().timeIntervalSince1970) {
        (writtenCursor, cursorWritten, purged) = (cursor, now, now)
    }
}

extension ContainerCore {
    /// How often, in seconds, the watching thread wakes to keep the history when nothing else
    /// wakes it: often enough that a position is written well within the retention.
    var historyKeepingInterval: Double {
        min(1, store.historyRetention / 4)
    }

    /// The name of the history consumer that stands for this container's automatic merging.
    var consumerName: String {
        "container \(ProcessInfo.processInfo.processIdentifier) \(identity.uuidString)"
    }

    /// Writes this container's position in the history (what it has handed on) when it moved,
    /// at most once per ``historyKeepingInterval``, and at least once per quarter retention while
    /// nothing moves (so the container stays live); purges the history every live consumer has
    /// passed, at most every ten seconds (half the retention, if shorter). Errors are left for
    /// the next time.
    func keepHistory(now: Double = Date().timeIntervalSince1970) {
        let retention = store.historyRetention
        let cursor = handedOnThrough
        let (writesCursor, purges) = historyKeeping.withLock { keeping -> (Bool, Bool) in
            let moved = cursor != keeping.writtenCursor && now - keeping.cursorWritten >= historyKeepingInterval
            let heartbeat = now - keeping.cursorWritten >= min(60, retention / 4)
            let purges = now - keeping.purged >= min(10, retention / 2)
            if moved || heartbeat {
                keeping.writtenCursor = cursor
                keeping.cursorWritten = now
            }
            if purges { keeping.purged = now }
            return (moved || heartbeat, purges)
        }
        if writesCursor { try? store.setCursor(of: consumerName, to: cursor) }
        if purges { _ = try? store.purgeHistory() }
    }
}
