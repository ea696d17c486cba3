import Foundation

/// Counts the hash and equality calls made on the ``CountedIdentifier``s that share it, so that
/// tests fence complexity by counting operations rather than by timing.
final class OperationCounter: @unchecked Sendable {  // Every access takes the lock.
    private let lock = NSLock()
    private var hashCount = 0
    private var equalityCount = 0

    var hashes: Int { lock.withLock { hashCount } }
    var equalities: Int { lock.withLock { equalityCount } }

    func countHash() { lock.withLock { hashCount += 1 } }
    func countEquality() { lock.withLock { equalityCount += 1 } }

    func reset() {
        lock.withLock {
            hashCount = 0
            equalityCount = 0
        }
    }
}

/// An integer identifier that reports every `hash(into:)` and `==` to its counter.
struct CountedIdentifier: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    let counter: OperationCounter

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.counter.countEquality()
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        counter.countHash()
        hasher.combine(value)
    }

    var description: String { "\(value)" }
}
