import DiffableSnapshots
import FetchedResults
import Testing

/// Reads a composer's compositions in order and checks each one as it comes: generations
/// without gaps, each starting from the one before, each batch update valid.
struct CompositionReader<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    private var iterator: AsyncStream<SnapshotComposition<Section, Item>>.Iterator
    /// The last composition's snapshot read so far.
    private(set) var snapshot: DiffableDataSourceSnapshot<Section, Item>
    private(set) var generation: Int

    /// Reads `composer`'s compositions after its last one so far.
    init(_ composer: SnapshotComposer<Section, Item>) {
        iterator = composer.compositions().makeAsyncIterator()
        snapshot = composer.snapshot
        generation = composer.generation
    }

    /// The next composition, checked.
    mutating func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> SnapshotComposition<Section, Item> {
        var composition = try #require(await iterator.next(), "the composition stream ended", sourceLocation: sourceLocation)
        // The sequence starts with the last composition made before the reader: skip it.
        while composition.generation <= generation {
            composition = try #require(await iterator.next(), "the composition stream ended", sourceLocation: sourceLocation)
        }
        #expect(composition.generation == generation + 1, "generations have no gaps", sourceLocation: sourceLocation)
        #expect(composition.previousSnapshot == snapshot, "a composition starts from the one before", sourceLocation: sourceLocation)
        do {
            try composition.batchUpdate.validate(from: composition.previousSnapshot, to: composition.snapshot)
        } catch {
            Issue.record("invalid batch update \(composition.batchUpdate): \(error)", sourceLocation: sourceLocation)
        }
        generation = composition.generation
        snapshot = composition.snapshot
        return composition
    }
}
