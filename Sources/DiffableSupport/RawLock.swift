#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import WinSDK
#endif

/// A mutual-exclusion lock on the platform's threads library: a POSIX mutex, or a slim
/// reader/writer lock on Windows.
///
/// The snapshot module does not depend on Foundation, and `Mutex` from the Synchronization
/// module needs newer Apple platforms than the package supports, so every module takes its
/// locks from here. On a platform without threads (WASI) the lock does nothing, which is all
/// a single thread needs.
@usableFromInline
package final class RawLock: @unchecked Sendable {
    // Sendable: the lock is the synchronisation primitive itself; its storage never moves.
    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #elseif os(Windows)
    private let mutex: UnsafeMutablePointer<SRWLOCK>
    #endif

    /// Whether this platform has the lock: true wherever there are threads to guard against.
    @inlinable
    package static var isAvailable: Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin) || os(Windows)
        true
        #else
        false
        #endif
    }

    @usableFromInline
    package init() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        #elseif os(Windows)
        mutex = .allocate(capacity: 1)
        InitializeSRWLock(mutex)
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        #elseif os(Windows)
        mutex.deallocate()
        #endif
    }

    /// Runs `body` while holding the lock.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the lock, waiting for it; pair with ``unlock()`` on the same thread.
    @usableFromInline
    package func lock() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
        pthread_mutex_lock(mutex)
        #elseif os(Windows)
        AcquireSRWLockExclusive(mutex)
        #endif
    }

    /// Gives the lock back.
    @usableFromInline
    package func unlock() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
        pthread_mutex_unlock(mutex)
        #elseif os(Windows)
        ReleaseSRWLockExclusive(mutex)
        #endif
    }
}
