/// Storage a baseline keeps from run to run, so that it works in warm memory as ours does.
///
/// Ours takes its large tables and scratch memory from recycled blocks. A baseline that
/// allocated a fresh dictionary or array of a million entries every run would also time the
/// page faults of that new memory (several milliseconds, more than the work itself at times),
/// and its ratio to ours would read better than the work alone gives. Each baseline that builds
/// large storage keeps one of these and empties it, keeping its capacity, before each run.
final class WarmStorage<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension WarmStorage {
    /// Kept storage for a dictionary, empty.
    static func dictionary<Key: Hashable, Element>() -> WarmStorage<[Key: Element]> where Value == [Key: Element] {
        WarmStorage([:])
    }

    /// Kept storage for an array, empty.
    static func array<Element>() -> WarmStorage<[Element]> where Value == [Element] {
        WarmStorage([])
    }
}
