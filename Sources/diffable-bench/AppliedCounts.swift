import Foundation

/// Compositions applied, by slot, counted on the applying task and read on the main thread.
final class AppliedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func add(_ slots: [Int], slots count: Int) {
        lock.withLock {
            if values.count < count { values = Array(repeating: 0, count: count) }
            for slot in slots { values[slot] += 1 }
        }
    }

    func counts(slots count: Int) -> [Int] {
        lock.withLock { values.isEmpty ? Array(repeating: 0, count: count) : values }
    }
}
