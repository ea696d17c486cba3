#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers the persistent-property wrappers in the order they are constructed, per thread.
///
/// Swift initialises a class's stored properties in declaration order before the superclass
/// initialiser runs, so the wrappers of one object are numbered consecutively. `ManagedObject`'s
/// initialiser reads the counter once the wrappers exist; the difference between a wrapper's number
/// and the object's base is the wrapper's ordinal within its entity. This gives every property
/// access an array index without hashing a key path.
@usableFromInline
enum PropertyOrdinal {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The number the next wrapper constructed on this thread receives.
    static var current: Int {
        Int(bitPattern: pthread_getspecific(key))
    }

    /// Returns the current number and advances the counter.
    @usableFromInline
    static func next() -> Int {
        let value = current
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: value &+ 1))
        return value
    }
}
