package import ObjectStore

/// A featured match of a team the catalogue does not have, added once at start: how a demo
/// shows that a team's name, whatever it holds, reaches the list as text.
package enum GuestMatch {
    /// The code of the guest match: far above the feed's, which count up from the store's
    /// highest.
    static let code = 1_000_000

    /// Adds (once per store) a featured upcoming match of `team` against the first team of the
    /// first sport, and saves.
    package static func add(team: String, in context: ManagedObjectContext) throws(ObjectStoreError) {
        let existing = FetchRequest<Match>(predicate: \Match.code == code, sortDescriptors: [FetchSortDescriptor(\.code)])
        guard try context.count(for: existing) == 0 else { return }
        guard let sport = try context.fetch(HomeControllers.sportsRequest()).first else { return }
        let match = try context.insert(Match.self)
        match.code = code
        match.home = team
        match.away = FeedCatalog.entry(named: sport.name)?.teams.first ?? "Home"
        match.status = .upcoming
        match.isFeatured = true
        match.start = LiveFeed.epoch.addingTimeInterval(3_600)
        match.sport = sport
        try context.save()
    }
}
