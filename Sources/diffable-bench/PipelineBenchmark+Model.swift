import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import SeededRandom

/// A match of the pipeline benchmark's home screen: its sport (the section key), a rank (the
/// sort key), whether it is live and whether it is featured.
final class HomeMatch: ManagedObject {
    @Attribute var sport = ""
    @Attribute var rank = 0
    @Attribute var isLive = false
    @Attribute var isFeatured = false
    @Attribute var title = ""

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\HomeMatch.isLive, \HomeMatch.sport, \HomeMatch.rank), CompoundIndex(\HomeMatch.isFeatured, \HomeMatch.rank)]
    }
}

/// A sport of the sports picker.
final class HomeSport: ManagedObject {
    @Attribute var name = ""
    @Attribute var rank = 0
}

/// The home screen's sections.
enum HomeSection: Hashable, Sendable {
    case banners
    case sports
    case featured
    case standard(String)
    case live(String)
}

/// The home screen's items.
enum HomeItem: Hashable, Sendable {
    case banner(Int)
    case sport(ObjectID)
    case featured(ObjectID)
    case match(ObjectID)
    case live(ObjectID)
}

/// A banner as the banners file holds it.
struct HomeBanner: Codable {
    var id: Int
    var title: String
}

/// One store of the home screen's sports and matches (a tenth of them live, 30 featured) and the
/// background writer that changes them.
final class HomeStore: @unchecked Sendable {
    static let model = ManagedObjectModel([HomeSport.self, HomeMatch.self])
    static let sports = (0..<20).map { "Sport \($0)" }
    static let bannersJSON = Data(#"[{"id": 1, "title": "Welcome"}, {"id": 2, "title": "Boost"}, {"id": 3, "title": "Cup"}]"#.utf8)

    let container: PersistentContainer
    let writer: ManagedObjectContext
    private var ids: [ObjectID] = []
    private var random = SplitMix64(seed: 13)

    /// The four requests of the home screen, with their section keys.
    static var requests: (sports: FetchRequest<HomeSport>, featured: FetchRequest<HomeMatch>, standard: FetchRequest<HomeMatch>, live: FetchRequest<HomeMatch>) {
        var sports = FetchRequest<HomeSport>()
        sports.sortDescriptors = [FetchSortDescriptor(\.rank)]
        var featured = FetchRequest<HomeMatch>(predicate: try! FetchPredicate(format: "isFeatured == YES"))
        featured.sortDescriptors = [FetchSortDescriptor(\.rank)]
        var standard = FetchRequest<HomeMatch>(predicate: try! FetchPredicate(format: "isLive == NO"))
        standard.sortDescriptors = [FetchSortDescriptor(\.sport), FetchSortDescriptor(\.rank)]
        var live = FetchRequest<HomeMatch>(predicate: try! FetchPredicate(format: "isLive == YES"))
        live.sortDescriptors = [FetchSortDescriptor(\.sport), FetchSortDescriptor(\.rank)]
        return (sports, featured, standard, live)
    }

    /// A store at `url` with `count` matches over 20 sports.
    init(url: URL, count: Int) throws {
        container = try PersistentContainer(name: "Home", model: Self.model, store: StoreDescription(location: .file(url)))
        writer = container.newBackgroundContext()
        let writer = writer
        ids = try writer.performAndWait { () throws(ObjectStoreError) in
            for (rank, name) in Self.sports.enumerated() {
                let sport = try writer.insert(HomeSport.self)
                sport.name = name
                sport.rank = rank
            }
            return try insertInChunks(HomeMatch.self, count: count, into: writer) { match, index in
                match.sport = Self.sports[index % Self.sports.count]
                match.rank = (index &* 7919) % 1_000_003
                match.isLive = index % 10 == 3
                match.isFeatured = index % max(1, count / 30) == 5
                match.title = "Match \(index)"
            }
        }
    }
}

extension HomeStore: LiveStore {
    /// Changes `count` distinct random matches and saves: most get a new rank (a move within
    /// their section), one in ten goes live or stops being live (a move between slots), one in
    /// ten changes sport (a move between sections). Every change changes a value, so every save
    /// reaches the view context as one merge. The matches are loaded with one fetch.
    func saveLiveChanges(_ count: Int) {
        var picks: [ObjectID] = []
        while picks.count < count {
            let id = ids[Int.random(in: 0..<ids.count, using: &random)]
            if !picks.contains(id) { picks.append(id) }
        }
        let rolls = (0..<count).map { _ in (Int.random(in: 0..<10, using: &random), Int.random(in: 1..<1_000_003, using: &random)) }
        writer.performAndWait {
            // The matches are loaded with one fetch (`SELF IN`), as an app editing a known set of
            // objects would, not with one query each.
            let request = FetchRequest<HomeMatch>(predicate: try! FetchPredicate(format: "SELF IN %@", argumentArray: [picks]))
            let loaded = Dictionary(uniqueKeysWithValues: Array(try! writer.fetch(request)).map { ($0.objectID, $0) })
            for (id, (kind, value)) in zip(picks, rolls) {
                let match = loaded[id]!
                switch kind {
                case 0:
                    match.isLive.toggle()
                case 1:
                    let current = Self.sports.firstIndex(of: match.sport) ?? 0
                    match.sport = Self.sports[(current + 1 + value % (Self.sports.count - 1)) % Self.sports.count]
                default:
                    match.rank = (match.rank + value) % 1_000_003
                }
            }
            try! writer.save()
        }
    }
}
