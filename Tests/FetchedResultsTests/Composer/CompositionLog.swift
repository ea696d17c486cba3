import FetchedResults
import Foundation

/// Collects a composer's compositions as they come, from any thread.
final class CompositionLog<Section: Hashable & Sendable, Item: Hashable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var compositions: [SnapshotComposition<Section, Item>] = []
    private var task: Task<Void, Never>?

    init(_ composer: SnapshotComposer<Section, Item>) {
        let stream = composer.compositions()
        task = Task { [weak self] in
            for await composition in stream { self?.append(composition) }
        }
    }

    deinit { task?.cancel() }

    private func append(_ composition: SnapshotComposition<Section, Item>) {
        lock.withLock { compositions.append(composition) }
    }

    var count: Int { lock.withLock { compositions.count } }

    /// The compositions from `start` on.
    func compositions(from start: Int) -> ArraySlice<SnapshotComposition<Section, Item>> {
        lock.withLock { compositions[start...] }
    }
}
