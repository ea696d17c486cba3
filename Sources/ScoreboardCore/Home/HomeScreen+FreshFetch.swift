import DiffableSnapshots
import FetchedResults
package import ObjectStore

extension HomeScreen {
    /// The home screen as fresh fetches of the controllers' current requests give it, mapped
    /// into the same sections and items as the composer maps deliveries: what the list must
    /// show once every change has reached it. Call it on the context's queue.
    package func freshSnapshot() throws(ObjectStoreError) -> Snapshot {
        let context = controllers.context
        var snapshot = Self.bannerSnapshot(banners)
        let sports = try context.fetchObjectIDs(controllers.sports.fetchRequest)
        if !sports.isEmpty {
            snapshot.appendSections([.sports])
            snapshot.appendItems(sports.map { .sport($0) })
        }
        let featured = try context.fetchObjectIDs(controllers.featured.fetchRequest)
        if !featured.isEmpty {
            snapshot.appendSections([.featured])
            snapshot.appendItems(featured.map { .featured($0) })
        }
        try appendGrouped(controllers.standard.fetchRequest, to: &snapshot, section: { .standard(sport: $0) }, item: { .standard($0) })
        let liveSections = snapshot.numberOfSections
        try appendGrouped(controllers.live.fetchRequest, to: &snapshot, section: { .live(sport: $0) }, item: { .live($0) })
        if snapshot.numberOfSections == liveSections { snapshot.appendSections([.noLiveMatches]) }
        return snapshot
    }

    /// Appends the results of `request` grouped by sport name, in the request's order.
    private func appendGrouped(
        _ request: FetchRequest<Match>,
        to snapshot: inout Snapshot,
        section: (String) -> HomeSection,
        item: (ObjectID) -> HomeItem
    ) throws(ObjectStoreError) {
        var current: HomeSection?
        for match in try controllers.context.fetch(request) {
            let next = section(match.sport?.name ?? "")
            if next != current {
                snapshot.appendSections([next])
                current = next
            }
            snapshot.appendItems([item(match.objectID)])
        }
    }

    /// Whether two snapshots hold the same sections and items, in the same order (marks aside).
    package static func sameContent(_ lhs: Snapshot, _ rhs: Snapshot) -> Bool {
        lhs.sectionIdentifiers == rhs.sectionIdentifiers
            && lhs.sectionIdentifiers.allSatisfy { lhs.itemIdentifiers(inSection: $0) == rhs.itemIdentifiers(inSection: $0) }
    }
}
