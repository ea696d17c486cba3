import Foundation

/// The context queues the current thread holds while it runs work synchronously on another
/// context's queue (``ManagedObjectContext/performAndWait(_:)``).
///
/// A child context reads through its parent with `performAndWait`. When the child's synchronous
/// work was itself started from the parent's queue, that queue is already held by the thread
/// further up the stack; waiting for it again would deadlock (libdispatch traps). Each
/// `performAndWait` that leaves a queue records its marker here, so the contexts further up count
/// as "on queue" for the work nested inside.
enum HeldQueues {
    private final class Markers {
        var values: [Int] = []
    }

    private static let key = "ObjectStore.HeldQueues"

    private static var storage: Markers? {
        Thread.current.threadDictionary[key] as? Markers
    }

    /// The markers of the queues held further up the current thread's stack.
    static var current: [Int] {
        storage?.values ?? []
    }

    /// Whether the queue with `marker` is held further up the current thread's stack.
    static func contains(_ marker: Int) -> Bool {
        storage?.values.contains(marker) ?? false
    }

    /// Runs `body` with `markers` as the held queues of the current thread, then restores the
    /// previous ones.
    static func with<T>(_ markers: [Int], _ body: () -> T) -> T {
        let storage: Markers
        if let existing = Self.storage {
            storage = existing
        } else {
            storage = Markers()
            Thread.current.threadDictionary[key] = storage
        }
        let previous = storage.values
        storage.values = markers
        defer { storage.values = previous }
        return body()
    }
}
