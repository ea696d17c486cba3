import Foundation

/// A value guarded by a lock, for state shared between contexts and threads (and, within the
/// package, by the modules built on the store).
///
/// `Mutex` from the Synchronization module would do, but it needs newer Apple platforms than the
/// package supports.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
