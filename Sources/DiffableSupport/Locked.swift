/// A value that can be reached only while holding its lock: the shared mutable state of the
/// store, the data sources, the views and the tools.
///
/// `Mutex` from the Synchronization module would do, but it needs newer Apple platforms than the
/// package supports.
package final class Locked<Value>: @unchecked Sendable {
    // Sendable: `value` is read and written only inside `withLock`, under `lock`.
    private let lock = RawLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    ///
    /// `body` must not call out to code that could take this lock again or wait for a thread
    /// that does: hand such work out of the closure and run it after it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the value, read under the lock.
    package var value: Value {
        withLock { $0 }
    }
}
