import DiffableSupport
@testable import WebLists

/// A ``PageWaker`` that counts how many times it was woken.
final class CountingWaker: PageWaker {
    private let wakes = Locked(0)

    var count: Int { wakes.value }

    func wakeEveryPage() {
        wakes.withLock { $0 += 1 }
    }
}
