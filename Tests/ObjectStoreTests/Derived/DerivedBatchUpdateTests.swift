import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Batch updates keep derived attributes current as a save of the same change does: the updated
/// rows' own, the sums of owners over them, the copies of owners pointing at them; every row whose
/// derived values changed is in the commit's change set and history with the derived keys.
@Suite struct DerivedBatchUpdateTests {
    private func container(_ backend: StoreBackend) async throws -> PersistentContainer {
        var description = try await backend.storeDescription()
        description.persistentHistoryTracking = true
        return try PersistentContainer(name: "DerivedBatch", model: DerivedModel.model, store: description)
    }

    /// A context that merges automatically, has loaded every bout, and records its change events.
    private func viewer(of container: PersistentContainer) async throws -> (ManagedObjectContext, Recorder<ChangeEvent>, ObservationToken) {
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let events = Recorder<ChangeEvent>()
        let token = viewer.addChangeObserver { events.append($0) }
        try await viewer.perform { _ = try viewer.fetch(FetchRequest<Bout>()) }
        return (viewer, events, token)
    }

    /// The changed keys of the first merge `events` recorded.
    private func mergedKeys(_ events: Recorder<ChangeEvent>) async throws -> [ObjectID: Set<String>] {
        await eventually { events.values.contains { $0.kind == .merge } }
        return try #require(events.values.first { $0.kind == .merge }).changedKeys
    }

    /// Each change of the store's last history transaction: its object and updated properties.
    private func lastTransaction(in context: ManagedObjectContext) async throws -> [ObjectID: Set<String>] {
        try await context.perform {
            let changes = try #require(try context.fetchHistory(after: nil).last).changes
            return Dictionary(changes.map { ($0.changedObjectID, $0.updatedProperties) }) { first, _ in first }
        }
    }

    @Test(arguments: StoreBackend.all)
    func aBatchUpdateOfATitleComputesTheUpdatedRowsOwnDerivedValues(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let writer = container.newBackgroundContext()
        let (ids, other) = try await writer.perform {
            let bouts = try ["Old", "Old"].map { try writer.insertBout($0) }
            let other = try writer.insertBout("Other")
            try writer.save()
            return (bouts.map(\.objectID), other.objectID)
        }
        let (viewer, events, token) = try await viewer(of: container)
        defer { token.cancel() }
        let result = try await writer.perform {
            var request = BatchUpdateRequest<Bout>(predicate: try FetchPredicate(format: "title == 'Old'"))
            request.set(\.title, to: "Ça Va Éclair")
            return try writer.execute(request)
        }
        #expect(result.objectIDs == ids)
        let reader = container.newBackgroundContext()
        let stored = try await reader.perform { try (ids + [other]).map { try reader.freshBout($0) }.map { "\($0.searchTitle)|\($0.canonicalTitle)" } }
        #expect(stored == ["ça va éclair|ca va eclair", "ça va éclair|ca va eclair", "other|other"])
        let merged = try await mergedKeys(events)
        for id in ids {
            #expect(merged[id]?.isSuperset(of: ["title", "searchTitle", "canonicalTitle", "savedAt"]) == true)
        }
        #expect(merged[other] == nil)
        let shown = try await viewer.perform { try ids.map { (try viewer.existingObject(with: $0) as? Bout)?.searchTitle } }
        #expect(shown == ["ça va éclair", "ça va éclair"])
        let history = try await lastTransaction(in: writer)
        #expect(Set(history.keys) == Set(ids))
        #expect(history.values.allSatisfy { $0.isSuperset(of: ["title", "searchTitle", "canonicalTitle", "savedAt"]) })
    }

    @Test(arguments: StoreBackend.all)
    func aBatchUpdateOfMembersStakesComputesTheSumsOfTheirOwners(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let writer = container.newBackgroundContext()
        let (home, away, untouched) = try await writer.perform {
            let home = try writer.insertBout("home"), away = try writer.insertBout("away"), untouched = try writer.insertBout("untouched")
            try writer.insertPledge(2, on: home)
            try writer.insertPledge(3, on: home)
            try writer.insertPledge(2, on: away)
            try writer.insertPledge(9, on: untouched)
            try writer.insertPledge(2, on: nil)
            try writer.save()
            return (home.objectID, away.objectID, untouched.objectID)
        }
        let (viewer, events, token) = try await viewer(of: container)
        defer { token.cancel() }
        let (result, shownByWriter) = try await writer.perform {
            var request = BatchUpdateRequest<Pledge>(predicate: try FetchPredicate(format: "stake == 2"))
            request.set(\.stake, to: 10)
            let result = try writer.execute(request)
            return (result, (try writer.existingObject(with: home) as? Bout)?.totalStake)
        }
        #expect(result.count == 3)
        #expect(shownByWriter == 13)
        let reader = container.newBackgroundContext()
        let totals = try await reader.perform { try [home, away, untouched].map { try reader.freshBout($0).totalStake } }
        #expect(totals == [13, 10, 9])
        let merged = try await mergedKeys(events)
        #expect(merged[home] == ["totalStake"] && merged[away] == ["totalStake"] && merged[untouched] == nil)
        let shown = try await viewer.perform { try [home, away].map { (try viewer.existingObject(with: $0) as? Bout)?.totalStake } }
        #expect(shown == [13, 10])
        #expect(Set(result.objectIDs.map { merged[$0] }) == [["stake"]])
        let history = try await lastTransaction(in: writer)
        #expect(history.count == 5)
        #expect(history[home] == ["totalStake"] && history[away] == ["totalStake"])
        #expect(result.objectIDs.allSatisfy { history[$0] == ["stake"] })
    }

    @Test(arguments: StoreBackend.all)
    func aBatchUpdateOfADestinationsNameComputesTheCopiesOfItsOwners(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let writer = container.newBackgroundContext()
        let (cupBouts, leagueBout) = try await writer.perform {
            let cup = try writer.insert(Tournament.self), league = try writer.insert(Tournament.self)
            cup.name = "Cup"
            league.name = "League"
            let cupBouts = try (0..<2).map { try writer.insertBout("c\($0)", in: cup) }
            let leagueBout = try writer.insertBout("l", in: league)
            try writer.save()
            return (cupBouts.map(\.objectID), leagueBout.objectID)
        }
        let (viewer, events, token) = try await viewer(of: container)
        defer { token.cancel() }
        try await writer.perform {
            var request = BatchUpdateRequest<Tournament>(predicate: try FetchPredicate(format: "name == 'Cup'"))
            request.set(\.name, to: "World Cup")
            #expect(try writer.execute(request).count == 1)
        }
        let reader = container.newBackgroundContext()
        let names = try await reader.perform { try (cupBouts + [leagueBout]).map { try reader.freshBout($0).tournamentName } }
        #expect(names == ["World Cup", "World Cup", "League"])
        let merged = try await mergedKeys(events)
        #expect(cupBouts.allSatisfy { merged[$0] == ["tournamentName"] } && merged[leagueBout] == nil)
        let shown = try await viewer.perform { try cupBouts.map { (try viewer.existingObject(with: $0) as? Bout)?.tournamentName } }
        #expect(shown == ["World Cup", "World Cup"])
        let history = try await lastTransaction(in: writer)
        #expect(history.count == 3 && cupBouts.allSatisfy { history[$0] == ["tournamentName"] })
    }

    @Test(arguments: StoreBackend.all)
    func aBatchUpdateThatReachesNoDerivedValueListsOnlyTheKeysItSet(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let writer = container.newBackgroundContext()
        try await writer.perform {
            try writer.insertPledge(1, on: nil)
            let bout = try writer.insertBout("b")
            try writer.insertPledge(1, on: bout)
            try writer.save()
            var request = BatchUpdateRequest<Pledge>(predicate: try FetchPredicate(format: "bout == nil"))
            request.set(\.stake, to: 4)
            #expect(try writer.execute(request).count == 1)
        }
        let history = try await lastTransaction(in: writer)
        #expect(Array(history.values) == [["stake"]])
    }
}
