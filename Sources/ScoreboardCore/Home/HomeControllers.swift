package import FetchedResults
package import ObjectStore

/// The four fetched results controllers of the home screen, on one context: the sports picker
/// (no sections), featured matches, standard matches and live matches (both by `sport.name`).
///
/// The match controllers share the team filter: changing it changes their predicates and
/// fetches again, so the list animates from the old results to the new ones. Use it on the
/// context's queue.
package final class HomeControllers: Sendable {
    package let context: ManagedObjectContext
    package let sports: FetchedResultsController<Sport>
    package let featured: FetchedResultsController<Match>
    package let standard: FetchedResultsController<Match>
    package let live: FetchedResultsController<Match>

    package init(context: ManagedObjectContext) {
        self.context = context
        sports = FetchedResultsController(fetchRequest: Self.sportsRequest(), managedObjectContext: context)
        featured = FetchedResultsController(fetchRequest: Self.featuredRequest(TeamFilter()), managedObjectContext: context)
        standard = FetchedResultsController(
            fetchRequest: Self.standardRequest(TeamFilter()), managedObjectContext: context, sectionNameKeyPath: "sport.name")
        live = FetchedResultsController(
            fetchRequest: Self.liveRequest(TeamFilter()), managedObjectContext: context, sectionNameKeyPath: "sport.name")
    }

    /// The match controllers, in slot order.
    package var matchControllers: [FetchedResultsController<Match>] { [featured, standard, live] }

    /// Fetches every controller (their first delivery, or the change from their last one).
    package func performFetch() throws(ScoreboardError) {
        do {
            try sports.performFetch()
            for controller in matchControllers { try controller.performFetch() }
        } catch {
            throw .fetch(error.description)
        }
    }

    /// Narrows the match controllers to `filter` and fetches them again.
    package func apply(_ filter: TeamFilter) throws(ScoreboardError) {
        featured.fetchRequest = Self.featuredRequest(filter)
        standard.fetchRequest = Self.standardRequest(filter)
        live.fetchRequest = Self.liveRequest(filter)
        do {
            for controller in matchControllers { try controller.performFetch() }
        } catch {
            throw .fetch(error.description)
        }
    }

    // MARK: Requests

    package static func sportsRequest() -> FetchRequest<Sport> {
        FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.rank), FetchSortDescriptor(\.name)])
    }

    package static func featuredRequest(_ filter: TeamFilter) -> FetchRequest<Match> {
        let base = (\Match.isFeatured == true) && (\Match.statusCode != MatchStatus.finished.rawValue)
        return FetchRequest(predicate: filter.narrowing(base), sortDescriptors: [FetchSortDescriptor(\.start), FetchSortDescriptor(\.code)])
    }

    package static func standardRequest(_ filter: TeamFilter) -> FetchRequest<Match> {
        let base = \Match.statusCode != MatchStatus.live.rawValue
        return FetchRequest(predicate: filter.narrowing(base), sortDescriptors: bySport)
    }

    package static func liveRequest(_ filter: TeamFilter) -> FetchRequest<Match> {
        let base = \Match.statusCode == MatchStatus.live.rawValue
        return FetchRequest(predicate: filter.narrowing(base), sortDescriptors: bySport)
    }

    /// Grouped by sport name (the section key comes first), then by kick-off.
    private static var bySport: [FetchSortDescriptor<Match>] {
        [FetchSortDescriptor("sport.name"), FetchSortDescriptor(\.start), FetchSortDescriptor(\.code)]
    }
}
