import Foundation

/// A value guarded by a lock, for the state a data source or a view shares between threads.
///
/// `Mutex` from the Synchronization module would do, but it needs newer Apple platforms than the
/// package supports.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
