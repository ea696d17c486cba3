import DiffableSnapshots
import ObjectStore

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
