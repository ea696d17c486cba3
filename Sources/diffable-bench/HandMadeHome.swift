import DiffableSnapshots
import DiffableSupport
import FetchedResults
import Foundation
import ListDataSources
import ObjectStore

/// The hand-made way: on each merged save, refetch every request's IDs and section keys, rebuild
/// the combined snapshot and let the data source diff it against what the list shows. When
/// several saves merged meanwhile, one refetch reflects them all.
final class HandMadeHome: ListFollower, @unchecked Sendable {
    let list = HomeList()
    private let context: ManagedObjectContext
    /// Saves merged so far (counted on the view context's queue, read by the live run).
    private let merged = Locked(0)
    private(set) var reflectedAt: [ContinuousClock.Instant] = []
    private var token: ObservationToken?

    init(store: HomeStore) {
        context = store.container.viewContext
        let snapshot = rebuild()
        list.wait { try await $0.apply(snapshot) }
        token = context.addChangeObserver { [unowned self] event in
            if event.kind == .merge { merged.withLock { $0 += 1 } }
        }
    }

    func reflected() -> Int {
        let upTo = merged.withLock { $0 }
        if upTo > reflectedAt.count {
            let snapshot = rebuild()
            list.wait { try await $0.apply(snapshot) }
            let now = ContinuousClock.now
            reflectedAt += repeatElement(now, count: upTo - reflectedAt.count)
        }
        return reflectedAt.count
    }

    /// The home screen from fresh fetches, mapped and concatenated.
    private func rebuild() -> HomeList.Snapshot {
        var home = HomeList.banners()
        func append(_ results: DiffableDataSourceSnapshot<String, ObjectID>, section: (String) -> HomeSection, item: (ObjectID) -> HomeItem) {
            for name in results.sectionIdentifiers {
                home.appendSections([section(name)])
                home.appendItems(results.itemIdentifiers(inSection: name).map(item))
            }
        }
        let requests = HomeStore.requests
        append(refetchedSnapshot(requests.sports, sectionKey: nil, in: context), section: { _ in .sports }, item: { .sport($0) })
        append(refetchedSnapshot(requests.featured, sectionKey: nil, in: context), section: { _ in .featured }, item: { .featured($0) })
        append(refetchedSnapshot(requests.standard, sectionKey: "sport", in: context), section: { .standard($0) }, item: { .match($0) })
        append(refetchedSnapshot(requests.live, sectionKey: "sport", in: context), section: { .live($0) }, item: { .live($0) })
        return home
    }
}
