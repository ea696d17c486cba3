package import DiffableSnapshots
package import FetchedResults
package import ObjectStore

/// The home screen as one list: a composer of five slots, in order: the banners (a static
/// slot), the sports picker, featured matches, standard matches by sport and live matches by
/// sport (the four controllers), each mapped into ``HomeSection`` and ``HomeItem``.
///
/// The bet slip is a decoration of the composer: toggling it marks the row reconfigured in the
/// next composition, never deleted and inserted.
package final class HomeScreen: Sendable {
    package typealias Snapshot = DiffableDataSourceSnapshot<HomeSection, HomeItem>

    package let composer = SnapshotComposer<HomeSection, HomeItem>()
    package let controllers: HomeControllers
    package let banners: [Banner]
    let bannerSlot: ComposerSlot

    /// A home screen on `context` (its controllers follow it); nothing is fetched until
    /// ``start()``.
    package init(context: ManagedObjectContext, banners: [Banner]) {
        self.banners = banners
        controllers = HomeControllers(context: context)
        bannerSlot = composer.addStaticSlot("banners", snapshot: Self.bannerSnapshot(banners))
        composer.addSlot("sports", controller: controllers.sports, section: { _ in .sports }, item: { .sport($0) })
        composer.addSlot("featured", controller: controllers.featured, section: { _ in .featured }, item: { .featured($0) })
        composer.addSlot(
            "standard", controller: controllers.standard, section: { .standard(sport: $0) }, item: { .standard($0) })
        composer.addSlot(
            "live", controller: controllers.live, placeholder: .noLiveMatches,
            section: { .live(sport: $0) }, item: { .live($0) })
    }

    /// Fetches every controller, on the context's queue: the compositions follow.
    package func start() async throws(ScoreboardError) {
        let controllers = controllers
        let result: Result<Void, ScoreboardError> = await controllers.context.perform {
            Result { () throws(ScoreboardError) in try controllers.performFetch() }
        }
        try result.get()
    }

    /// Narrows the match slots to the teams matching `filter`, on the context's queue.
    package func apply(_ filter: TeamFilter) async throws(ScoreboardError) {
        let controllers = controllers
        let result: Result<Void, ScoreboardError> = await controllers.context.perform {
            Result { () throws(ScoreboardError) in try controllers.apply(filter) }
        }
        try result.get()
    }

    /// Whether `item` is on the bet slip.
    package func isOnBetSlip(_ item: HomeItem) -> Bool {
        composer.decoration(for: item, as: BetSlipMark.self) != nil
    }

    /// Puts the match row `item` on the bet slip, or takes it off; other rows have no slip.
    ///
    /// - Returns: Whether the row is on the slip now.
    @discardableResult
    package func toggleBetSlip(_ item: HomeItem) -> Bool {
        guard item.matchID != nil else { return false }
        let isOn = !isOnBetSlip(item)
        composer.setDecoration(isOn ? BetSlipMark() : nil, for: item)
        return isOn
    }

    /// The banners' slot content.
    static func bannerSnapshot(_ banners: [Banner]) -> Snapshot {
        var snapshot = Snapshot()
        guard !banners.isEmpty else { return snapshot }
        snapshot.appendSections([.banners])
        snapshot.appendItems(banners.map { .banner(id: $0.id) })
        return snapshot
    }
}
