import DiffableSnapshots
import FetchedResults
import ObjectStore
import Testing

/// Reads a composer's compositions in order and checks each one as it comes: generations
/// without gaps, each starting from the one before, each batch update valid.
struct CompositionReader<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    private var iterator: AsyncStream<SnapshotComposition<Section, Item>>.Iterator
    /// The last composition's snapshot read so far.
    private(set) var snapshot: DiffableDataSourceSnapshot<Section, Item>
    private(set) var generation: Int

    /// Reads `composer`'s compositions from now on.
    init(_ composer: SnapshotComposer<Section, Item>) {
        iterator = composer.compositions().makeAsyncIterator()
        snapshot = composer.snapshot
        generation = composer.generation
    }

    /// The next composition, checked.
    mutating func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> SnapshotComposition<Section, Item> {
        let composition = try #require(await iterator.next(), "the composition stream ended", sourceLocation: sourceLocation)
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

/// The sections of a composed home screen in the tests.
enum TestSection: Hashable, Sendable, CustomStringConvertible {
    case banners
    case sports
    case featured
    case group(String)
    case live(String)
    case empty(String)

    var description: String {
        switch self {
        case .banners: "banners"
        case .sports: "sports"
        case .featured: "featured"
        case .group(let name): "group(\(name))"
        case .live(let name): "live(\(name))"
        case .empty(let name): "empty(\(name))"
        }
    }
}

/// The items of a composed home screen in the tests.
enum TestItem: Hashable, Sendable {
    case banner(Int)
    case sport(ObjectID)
    case match(ObjectID)
    case featured(ObjectID)
    case live(ObjectID)
}

extension DiffableDataSourceSnapshot {
    /// Sections with their items, for comparisons.
    var sectionsAndItems: [SectionAndItems<SectionIdentifierType, ItemIdentifierType>] {
        sectionIdentifiers.map { SectionAndItems(section: $0, items: itemIdentifiers(inSection: $0)) }
    }
}

/// A section and its items, comparable.
struct SectionAndItems<Section: Hashable, Item: Hashable>: Hashable {
    var section: Section
    var items: [Item]
}

/// A snapshot of banners in one section.
func bannerSnapshot(_ banners: [Int], section: TestSection = .banners) -> DiffableDataSourceSnapshot<TestSection, TestItem> {
    var snapshot = DiffableDataSourceSnapshot<TestSection, TestItem>()
    snapshot.appendSections([section])
    snapshot.appendItems(banners.map { .banner($0) })
    return snapshot
}
