/// Counts the hash and equality calls made on identifiers that share it.
final class OperationCounter: @unchecked Sendable {
    // Each test owns its counter and uses it from one task only.
    var hashes = 0
    var equalities = 0

    var total: Int { hashes + equalities }

    func reset() {
        hashes = 0
        equalities = 0
    }
}

/// An identifier that reports every `hash(into:)` and `==` to a counter, so tests can fence the
/// complexity of an algorithm by counting operations instead of timing it.
struct CountedIdentifier: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    let counter: OperationCounter

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.counter.equalities += 1
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        counter.hashes += 1
        hasher.combine(value)
    }

    var description: String { "\(value)" }
}
