import Foundation
import ObjectStore
import Testing

@MainActor @Suite struct ManyToManyPredicateTests {
    @Test func quantifiersAndCountsOverJoinTables() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let medals = try ["Gold", "silver", nil].map { label -> Medal in
            let medal = try context.insert(Medal.self)
            medal.label = label
            return medal
        }
        let players = try (0..<4).map { index -> Player in
            let player = try context.insert(Player.self)
            player.level = index
            return player
        }
        players[0].medals = [medals[0], medals[1]]
        players[1].medals = [medals[1]]
        players[2].medals = [medals[2]]
        try context.save()
        try expectSelects(FetchPredicate(format: "ANY medals.label ==[c] 'gold'"), in: context, [players[0]])
        try expectSelects(FetchPredicate(format: "ALL medals.label BEGINSWITH 's'"), in: context, [players[1], players[3]])
        try expectSelects(FetchPredicate(format: "NONE medals.label == 'silver'"), in: context, [players[2], players[3]])
        try expectSelects(FetchPredicate(format: "medals.@count == 1"), in: context, [players[1], players[2]])
        try expectSelects(FetchPredicate(format: "%@ IN medals", medals[1]), in: context, [players[0], players[1]])
        try expectSelects(FetchPredicate<Medal>(format: "ANY holders.level >= 1"), in: context, [medals[1], medals[2]])
        try expectSelects(FetchPredicate<Medal>.count(\.holders) == 2, in: context, [medals[1]])
        players[3].medals = [medals[0]]
        var pending = FetchRequest<Player>(predicate: try FetchPredicate(format: "ANY medals.label == 'Gold'"), sortDescriptors: [FetchSortDescriptor(\.level)])
        #expect(try context.fetch(pending).map(\.level) == [0, 3])
        pending.includesPendingChanges = false
        #expect(try context.fetch(pending).map(\.level) == [0])
    }
}
