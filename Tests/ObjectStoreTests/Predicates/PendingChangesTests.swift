import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Unsaved changes reached through relationships that loop back to the fetched entity (a
/// player's mentor is a player; a club's players are players): a fetch that includes pending
/// changes must give what the same fetch gives after saving.
@MainActor @Suite struct PendingChangesTests {
    /// Four saved players; p0 mentors p1 and p2 mentors p3.
    private func mentored() throws -> (PersistentContainer, [Player]) {
        let (container, players, _) = try clubsAndPlayers(4)
        players[1].mentor = players[0]
        players[3].mentor = players[2]
        try container.viewContext.save()
        return (container, players)
    }

    /// The keys a request selects now (with pending changes) and after saving (SQL only).
    private func beforeAndAfterSaving(_ request: FetchRequest<Player>, _ context: ManagedObjectContext) throws -> (pending: [Int64], saved: [Int64]) {
        let pending = try context.fetchObjectIDs(request).map(\.key)
        try context.save()
        var stored = request
        stored.includesPendingChanges = false
        return (pending, try context.fetchObjectIDs(stored).map(\.key))
    }

    @Test(arguments: StoreBackend.all)
    func aFetchLeavingOutPendingChangesAnswersToManyConditionsOnCommittedValues(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Predicates", model: PredicateModel.model)
        let context = container.viewContext
        let gold = try context.insert(Medal.self)
        gold.label = "Gold"
        let winner = try context.insert(Player.self)
        winner.name = "winner"
        winner.medals = [gold]
        let other = try context.insert(Player.self)
        other.name = "other"
        try context.save()
        // Unsaved changes make the fetch evaluate committed values in memory.
        winner.name = "renamed"
        other.medals = [gold]
        for format in ["ANY medals.label ==[c] 'gold'", "medals.@count == 1", "NONE medals.label BEGINSWITH[cd] 'g'"] {
            var request = FetchRequest<Player>(predicate: try FetchPredicate(format: format))
            request.includesPendingChanges = false
            let expected = format.hasPrefix("NONE") ? [other.objectID] : [winner.objectID]
            #expect(try context.fetchObjectIDs(request) == expected, "\(format)")
            let compiled = try CompiledFetchRequest(request, model: context.model)
            #expect(try [winner, other].filter { try compiled.includes($0) }.map(\.objectID) == expected, "\(format)")
        }
    }

    @Test func unsavedRenameOfAMentorCountsInAFetchOfItsMentees() throws {
        let (container, players) = try mentored()
        let context = container.viewContext
        players[0].name = "new"
        let request = FetchRequest<Player>(predicate: try FetchPredicate(format: "mentor.name == 'new'"))
        #expect(try FetchPredicate<Player>(format: "mentor.name == 'new'").evaluate(with: players[1]))
        let (pending, saved) = try beforeAndAfterSaving(request, context)
        #expect(saved == [players[1].objectID.key])
        #expect(pending == saved)
    }

    @Test func aMentorDeletedUnsavedReadsAsMissing() throws {
        let (container, players) = try mentored()
        let context = container.viewContext
        context.delete(players[0])
        let request = FetchRequest<Player>(predicate: try FetchPredicate(format: "mentor != nil AND mentor.name == nil"))
        #expect(try FetchPredicate<Player>(format: "mentor.name == nil").evaluate(with: players[1]))
        let (pending, saved) = try beforeAndAfterSaving(request, context)
        #expect(saved == [players[1].objectID.key])
        #expect(pending == saved)
    }

    @Test func unsavedRenameOfAMentorReordersASortByMentorName() throws {
        let (container, players) = try mentored()
        let context = container.viewContext
        players[0].name = "z"
        let request = FetchRequest<Player>(predicate: try FetchPredicate(format: "mentor != nil"), sortDescriptors: [FetchSortDescriptor("mentor.name")])
        let (pending, saved) = try beforeAndAfterSaving(request, context)
        #expect(saved == [players[3], players[1]].map(\.objectID.key))
        #expect(pending == saved)
    }

    @Test func unsavedMoveOfAnotherPlayerChangesTheCountOfMyClub() throws {
        let (container, players, clubs) = try clubsAndPlayers(5)
        let context = container.viewContext
        // Lions: p0, p2, p4; Bears: p1, p3. Moving p4 leaves the Lions with two players.
        players[4].club = clubs[1]
        let request = FetchRequest<Player>(predicate: try FetchPredicate(format: "club.players.@count == 2"), sortDescriptors: [FetchSortDescriptor(\.level)])
        let (pending, saved) = try beforeAndAfterSaving(request, context)
        #expect(saved == [players[0], players[2]].map(\.objectID.key))
        #expect(pending == saved)
    }

    @Test func unsavedChangeOfAnotherPlayerCountsInAQuantifierOverMyClub() throws {
        let (container, players, _) = try clubsAndPlayers(4)
        let context = container.viewContext
        players[3].level = 100
        let request = FetchRequest<Player>(predicate: try FetchPredicate(format: "ANY club.players.level >= 100"), sortDescriptors: [FetchSortDescriptor(\.level)])
        let (pending, saved) = try beforeAndAfterSaving(request, context)
        #expect(saved == [players[1], players[3]].map(\.objectID.key))
        #expect(pending == saved)
    }
}
