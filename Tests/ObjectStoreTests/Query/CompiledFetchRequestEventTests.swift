import Foundation
import ObjectStore
import Testing

/// Which change events a compiled request can skip.
@MainActor @Suite struct CompiledFetchRequestEventTests {
    @Test func eventsThatCannotChangeTheResultsAreSkipped() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insertSport(named: "Football")
        let final = try context.insertEvent(code: "f", sport: football)
        let venue = try context.insert(Venue.self)
        try context.save()
        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "sport.name == 'Football'"))
        request.sortDescriptors = [FetchSortDescriptor(\.start)]
        let current = try CompiledFetchRequest(request, model: container.model)
        request.includesPendingChanges = false
        let committed = try CompiledFetchRequest(request, model: container.model)
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        final.title = "unread key"                      // 1: skipped by both
        context.processPendingChanges()
        final.start = Date(timeIntervalSinceReferenceDate: 1) // 2: order, unsaved
        context.processPendingChanges()
        football.name = "Soccer"                        // 3: a related key, unsaved
        context.processPendingChanges()
        venue.city = "Paris"                            // 4: an entity the request does not read
        context.processPendingChanges()
        try context.save()                              // 5: the save
        _ = try context.insertEvent(code: "new")        // 6: an insert of the entity
        context.processPendingChanges()
        let all = events.values
        try #require(all.map(\.kind) == [.pendingChanges, .pendingChanges, .pendingChanges, .pendingChanges, .save, .pendingChanges])
        #expect(all.map(current.canChangeResults) == [false, true, true, false, false, true])
        #expect(all.map(committed.canChangeResults) == [false, false, false, false, true, false])
    }
}
