import Foundation

/// The open ``IdentifiedFetchedResultsController/deliveries()`` sequences of one controller:
/// registered from any thread, fed on the context's queue.
final class DeliveryStreams<ItemIdentifierType: Hashable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<FetchedResultsDelivery<ItemIdentifierType>>.Continuation] = [:]
    private var nextKey = 0

    func makeStream() -> AsyncStream<FetchedResultsDelivery<ItemIdentifierType>> {
        let (stream, continuation) = AsyncStream<FetchedResultsDelivery<ItemIdentifierType>>.makeStream(bufferingPolicy: .unbounded)
        let key = lock.withLock {
            nextKey += 1
            continuations[nextKey] = continuation
            return nextKey
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    func yield(_ delivery: FetchedResultsDelivery<ItemIdentifierType>) {
        let current = lock.withLock { Array(continuations.values) }
        for continuation in current { continuation.yield(delivery) }
    }

    func finishAll() {
        let current = lock.withLock {
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in current { continuation.finish() }
    }
}
