import Foundation
import ObjectStore
import Testing

@MainActor @Suite struct QueryPlanTests {
    @Test func declaredIndexesServeFilterAndOrder() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let request = FetchRequest<Player>(
            predicate: \Player.active == true && \Player.level > 2,
            sortDescriptors: [FetchSortDescriptor(\.level), FetchSortDescriptor(\.age)])
        let plan = try context.queryPlan(for: request)
        #expect(plan.contains { $0.contains("USING COVERING INDEX Z_INDEX_Player_active_level_age") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")

        let byClub = FetchRequest<Player>(predicate: try FetchPredicate(format: "club == %@ AND club.name != nil", try context.insert(Club.self)))
        let joinPlan = try context.queryPlan(for: byClub)
        #expect(joinPlan.contains { $0.contains("INDEX Z_INDEX_Player_club") }, "\(joinPlan)")

        let events = try TestModel.inMemory().viewContext
        let live = FetchRequest<Event>(predicate: \Event.isLive == true, sortDescriptors: [FetchSortDescriptor(\.start)])
        let eventPlan = try events.queryPlan(for: live)
        #expect(eventPlan.contains { $0.contains("INDEX Z_INDEX_Event_isLive_start") }, "\(eventPlan)")
        #expect(!eventPlan.contains { $0.contains("TEMP B-TREE") }, "\(eventPlan)")
    }

    @Test func stringSortsAndEqualityUseAnIndexOnTextColumns() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let sorted = FetchRequest<Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.nick), FetchSortDescriptor(\.name)])
        let plan = try context.queryPlan(for: sorted)
        #expect(plan.contains { $0.contains("INDEX Z_INDEX_Player_nick_name") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")

        let filtered = FetchRequest<Player>(predicate: \Player.nick == "a", sortDescriptors: [FetchSortDescriptor(\.name)])
        let filteredPlan = try context.queryPlan(for: filtered)
        #expect(filteredPlan.contains { $0.contains("INDEX Z_INDEX_Player_nick_name (nick=?)") }, "\(filteredPlan)")
        let sql = try filtered.storeQuery(entity: context.model.entity(for: Player.self)).sql(.ids).text
        #expect(!filteredPlan.contains { $0.contains("TEMP B-TREE") }, "\(filteredPlan) \(sql)")
    }

    @Test func functionsAndCollationsWorkOnEveryPoolConnection() async throws {
        let container = try PredicateModel.onDisk()
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            for name in ["Ärger", "arger", "File 10", "file 2"] {
                let player = try writer.insert(Player.self)
                player.name = name
            }
            try writer.save()
        }
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "name ==[cd] 'ARGER' OR name LIKE[c] 'file*'"), sortDescriptors: [FetchSortDescriptor(\.name, comparator: .localizedStandard)])
        request.includesPendingChanges = false
        let sent = request
        let names = try await withThrowingTaskGroup(of: [String?].self) { group in
            for _ in 0..<4 {
                let context = container.newBackgroundContext()
                group.addTask { try await context.perform { try context.fetch(sent).map(\.name) } }
            }
            var results: [[String?]] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(names.count == 4)
        #expect(names.allSatisfy { $0 == ["arger", "file 2", "File 10", "Ärger"] }, "\(names)")
    }
}
