#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock on the platform's threads library, for the little shared state the
/// snapshot module keeps (the table memory pool, an index built on first use).
///
/// The module does not depend on Foundation, and `Mutex` from the Synchronization module is not
/// available on every supported release. On a platform without POSIX threads the lock does not
/// exist (``isAvailable`` is false) and callers keep no shared state instead.
@usableFromInline
final class RawLock: @unchecked Sendable {
    #if canImport(Glibc) || canImport(Darwin)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// Whether this platform has the lock.
    @usableFromInline
    static var isAvailable: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        true
        #else
        false
        #endif
    }

    @usableFromInline
    init() {
        #if canImport(Glibc) || canImport(Darwin)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        #endif
    }

    /// Runs `body` while holding the lock.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    @usableFromInline
    func lock() {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_lock(mutex)
        #endif
    }

    @usableFromInline
    func unlock() {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_unlock(mutex)
        #endif
    }
}
