import Foundation
import ObjectStore
import Testing

/// Without sort descriptors results come in key order, whatever plan SQLite picks, so limit and
/// offset select stable pages.
@MainActor @Suite struct FetchOrderTests {
    /// Active players whose level falls as their key rises, so the index
    /// `(active, level, age)` returns them in reverse key order.
    private func store() throws -> (PersistentContainer, [Player]) {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var players: [Player] = []
        for index in 0..<10 {
            let player = try context.insert(Player.self)
            player.name = "q\(index)"
            player.active = true
            player.level = 10 - index
            players.append(player)
        }
        try context.save()
        return (container, players)
    }

    @Test func resultsWithoutSortDescriptorsComeInKeyOrder() throws {
        let (container, players) = try store()
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "active == YES AND level > 0"))
        request.includesPendingChanges = false
        #expect(try context.fetchObjectIDs(request) == players.map(\.objectID))
        #expect(try context.fetch(request).map(\.name) == players.map(\.name))
        request.fetchLimit = 2
        #expect(try context.fetchObjectIDs(request) == [players[0], players[1]].map(\.objectID))
        request.fetchOffset = 3
        #expect(try context.fetchObjectIDs(request) == [players[3], players[4]].map(\.objectID))
    }

    @Test func aPageWithoutSortDescriptorsStaysPutWhenAnObjectChangesUnsaved() throws {
        let (container, players) = try store()
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "active == YES AND level > 0"))
        request.fetchLimit = 2
        #expect(try context.fetchObjectIDs(request) == [players[0], players[1]].map(\.objectID))
        players[0].name = "renamed"
        // The in-memory merge of unsaved changes sorts by key too.
        #expect(try context.fetchObjectIDs(request) == [players[0], players[1]].map(\.objectID))
    }
}
