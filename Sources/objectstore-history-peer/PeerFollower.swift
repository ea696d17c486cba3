import FetchedResults
import Foundation
import ObjectStore

/// Follows other processes' commits with automatic merging into a context that runs three
/// controllers: fixtures in sections by group, the top fixtures of well-ranked teams (a
/// related-key predicate and a limit), and teams by rank. Prints `merged <token>` for each
/// remote commit merged and `resync <token>` for each resync; on `check` from standard input,
/// prints `check ok` when every controller equals a fresh fetch, else `check mismatch <which>`;
/// ends on `quit` or at the end of its input.
struct PeerFollower {
    let path: String

    func run() throws {
        let container = try PeerModel.container(path: path)
        let context = PeerModel.followingContext(of: container)
        let observation = context.addChangeObserver { event in
            guard let changeSet = event.changeSet, changeSet.isRemote else { return }
            PeerOutput.write(event.kind == .resync ? "resync" : "merged", changeSet.historyToken)
        }
        let controllers = try context.performAndWait { () throws -> FollowedLists in
            let lists = FollowedLists(context: context)
            try lists.fetch()
            return lists
        }
        PeerOutput.write("ready")
        while let line = readLine() {
            switch line {
            case "check":
                let mismatch = try context.performAndWait { try controllers.firstMismatch() }
                PeerOutput.write(mismatch.map { "check mismatch \($0)" } ?? "check ok")
            case "quit":
                observation.cancel()
                return
            default:
                PeerOutput.write("unknown \(line)")
            }
        }
    }
}

/// The follower's controllers and the requests they were made with.
final class FollowedLists {
    let context: ManagedObjectContext
    let fixtures: FetchedResultsController<PeerFixture>
    let topOfRankedTeams: FetchedResultsController<PeerFixture>
    let teams: FetchedResultsController<PeerTeam>

    init(context: ManagedObjectContext) {
        self.context = context
        fixtures = FetchedResultsController(fetchRequest: Self.fixturesRequest, managedObjectContext: context, sectionNameKeyPath: "group")
        topOfRankedTeams = FetchedResultsController(fetchRequest: Self.topRequest, managedObjectContext: context)
        teams = FetchedResultsController(fetchRequest: Self.teamsRequest, managedObjectContext: context)
    }

    static var fixturesRequest: FetchRequest<PeerFixture> {
        var request = FetchRequest<PeerFixture>()
        request.sortDescriptors = [FetchSortDescriptor(\.group), FetchSortDescriptor(\.score), FetchSortDescriptor(\.title)]
        return request
    }

    static var topRequest: FetchRequest<PeerFixture> {
        var request = FetchRequest<PeerFixture>()
        request.predicate = try? FetchPredicate(format: "team.rank < %@", 5)
        request.sortDescriptors = [FetchSortDescriptor(\.score, ascending: false), FetchSortDescriptor(\.title)]
        request.fetchLimit = 20
        return request
    }

    static var teamsRequest: FetchRequest<PeerTeam> {
        var request = FetchRequest<PeerTeam>()
        request.sortDescriptors = [FetchSortDescriptor(\.rank), FetchSortDescriptor(\.name)]
        return request
    }

    func fetch() throws {
        try fixtures.performFetch()
        try topOfRankedTeams.performFetch()
        try teams.performFetch()
    }

    /// The name of the first controller whose objects differ from a fresh fetch, or nil.
    func firstMismatch() throws -> String? {
        if try context.fetch(Self.fixturesRequest).map(\.objectID) != fixtures.fetchedObjects?.map(\.objectID) { return "fixtures" }
        if try context.fetch(Self.topRequest).map(\.objectID) != topOfRankedTeams.fetchedObjects?.map(\.objectID) { return "top" }
        if try context.fetch(Self.teamsRequest).map(\.objectID) != teams.fetchedObjects?.map(\.objectID) { return "teams" }
        return nil
    }
}
