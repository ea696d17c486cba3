import Foundation
import ObjectStore
import Testing

@MainActor @Suite struct FetchRequestTests {
    private func store(count: Int = 10) throws -> (PersistentContainer, [Player], [Club]) {
        try clubsAndPlayers(count)
    }

    private func names(_ request: FetchRequest<Player>, _ context: ManagedObjectContext) throws -> [String?] {
        try context.fetch(request).map(\.name)
    }

    @Test func pendingChangesAreIncludedUnlessAskedNotTo() throws {
        let (container, players, clubs) = try store()
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "level >= 7"), sortDescriptors: [FetchSortDescriptor(\.level)])
        #expect(try names(request, context) == ["p7", "p8", "p9"])
        let inserted = try context.insert(Player.self)
        inserted.name = "new"
        inserted.level = 7
        players[8].level = 0
        players[2].level = 100
        context.delete(players[9])
        #expect(try names(request, context) == ["p7", "new", "p2"])
        #expect(try context.count(for: request) == 3)
        #expect(try context.fetchObjectIDs(request) == [players[7].objectID, inserted.objectID, players[2].objectID])
        request.fetchOffset = 1
        request.fetchLimit = 1
        #expect(try names(request, context) == ["new"])
        request.includesPendingChanges = false
        request.fetchOffset = 0
        request.fetchLimit = 0
        #expect(try context.fetchObjectIDs(request) == [players[7], players[8], players[9]].map(\.objectID))
        #expect(try context.count(for: request) == 3)

        // An unsaved change to a related object counts too (in predicates and in sorts).
        let byClub = FetchRequest<Player>(predicate: try FetchPredicate(format: "club.name == 'Tigers'"), sortDescriptors: [FetchSortDescriptor(\.level)])
        #expect(try names(byClub, context).isEmpty)
        clubs[1].name = "Tigers"
        #expect(try names(byClub, context) == ["p1", "p3", "p5", "p7"])
        let sortedByClub = FetchRequest<Player>(predicate: try FetchPredicate(format: "level < 2"), sortDescriptors: [FetchSortDescriptor("club.name"), FetchSortDescriptor("level")])
        #expect(try names(sortedByClub, context) == ["p0", "p8", "p1"])
        clubs[0].name = "Zebras"
        #expect(try names(sortedByClub, context) == ["p1", "p0", "p8"])
        let anyRich = FetchRequest<Club>(predicate: try FetchPredicate(format: "ANY players.level >= 100"))
        #expect(try context.fetch(anyRich).map(\.name) == ["Zebras"])
        context.rollback()
        #expect(try context.fetch(anyRich).isEmpty)
    }

    @Test func limitAndOffset() throws {
        let (container, _, _) = try store(count: 20)
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "level > 2"), sortDescriptors: [FetchSortDescriptor(\.level, ascending: false)])
        request.fetchLimit = 3
        #expect(try names(request, context) == ["p19", "p18", "p17"])
        request.fetchOffset = 15
        #expect(try names(request, context) == ["p4", "p3"])
        request.fetchOffset = 40
        #expect(try names(request, context).isEmpty)
        request.fetchLimit = 0
        request.fetchOffset = 14
        #expect(try names(request, context) == ["p5", "p4", "p3"])
        #expect(try context.count(for: request) == 3)
    }

    @Test func batchesMaterialiseObjectsAsTheyAreRead() throws {
        let (container, _, _) = try store(count: 95)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            var request = FetchRequest<Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.level)])
            request.fetchBatchSize = 10
            let players = try context.fetch(request)
            #expect(players.count == 95)
            #expect(players.materializedCount == 0)
            #expect(context.registeredObjects.isEmpty)
            #expect(players.objectIDs.count == 95)
            #expect(players[0].name == "p0")
            #expect(players.batchesLoaded == 1)
            #expect(players.materializedCount == 10)
            #expect(context.registeredObjects.count == 10)
            #expect(players[9].level == 9)
            #expect(players[15].level == 15)
            #expect(players.batchesLoaded == 2)
            #expect(players.materializedCount == 20)
            #expect(players.map(\.level) == Array(0..<95))
            #expect(players.batchesLoaded == 10)
            #expect(players.materializedCount == 95)
            #expect(context.registeredObjects.count == 95)
            #expect(players.allSatisfy { !$0.isFault })
        }
    }

    @Test func batchesIncludeUnsavedObjects() throws {
        let (container, _, _) = try store(count: 5)
        let context = container.viewContext
        let fresh = try context.insert(Player.self)
        fresh.name = "fresh"
        fresh.level = 2
        var request = FetchRequest<Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.level), FetchSortDescriptor(\.name)])
        request.fetchBatchSize = 2
        let players = try context.fetch(request)
        #expect(players.map(\.name) == ["p0", "p1", "fresh", "p2", "p3", "p4"])
        #expect(players[2] === fresh)
        #expect(players.batchesLoaded == 3)
    }

    @Test func dictionariesHoldRequestedPropertiesWithoutNils() throws {
        let (container, players, clubs) = try store(count: 4)
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "level < 4"), sortDescriptors: [FetchSortDescriptor(\.level)])
        request.resultType = .dictionaries
        request.propertiesToFetch = ["name", "club.name", "club", FetchKeyPath(\.age), FetchKeyPath(\.club?.rank)]
        guard case .dictionaries(let rows) = try context.execute(request) else {
            Issue.record("expected dictionaries")
            return
        }
        #expect(rows.count == 4)
        #expect(rows[0]["name"] as? String == "p0")
        #expect(rows[0]["age"] == nil)
        #expect(rows[1]["age"] as? Int == 1)
        #expect(rows[1]["club.name"] as? String == "Bears")
        #expect(rows[1]["club"] as? ObjectID == clubs[1].objectID)
        #expect(rows[1]["club.rank"] == nil)
        #expect(rows.allSatisfy { $0.keys.allSatisfy(["name", "club.name", "club", "age"].contains) })
        players[1].age = 41
        clubs[1].name = "Renamed"
        let pending = try context.fetchDictionaries(request)
        #expect(pending[1]["age"] as? Int == 41)
        #expect(pending[1]["club.name"] as? String == "Renamed")
        request.propertiesToFetch = nil
        let all = try context.fetchDictionaries(request)
        #expect(all[2]["level"] as? Int == 2)
        #expect(all[2]["club"] == nil)
        request.propertiesToFetch = ["club.players"]
        #expect(throws: ObjectStoreError.self) { try context.fetchDictionaries(request) }
    }

    @Test func resultTypesAndCounts() throws {
        let (container, players, _) = try store(count: 6)
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: \Player.level >= 3, sortDescriptors: [FetchSortDescriptor(\.level)])
        request.resultType = .count
        guard case .count(3) = try context.execute(request) else { Issue.record("count"); return }
        request.resultType = .managedObjectIDs
        guard case .objectIDs(let ids) = try context.execute(request), ids == players[3...].map(\.objectID) else { Issue.record("IDs"); return }
        request.resultType = .managedObjects
        guard case .objects(let objects) = try context.execute(request), objects.map(\.level) == [3, 4, 5] else { Issue.record("objects"); return }
        #expect(try context.count(for: FetchRequest<Player>(predicate: try FetchPredicate(format: "age == nil"))) == 2)
        #expect(try context.count(for: FetchRequest<Club>(predicate: .count(\.players) == 3)) == 2)
    }

    @Test func prefetchingLoadsRelatedObjectsTogether() throws {
        let (container, _, _) = try store(count: 6)
        let fresh = container.newBackgroundContext()
        try fresh.performAndWait {
            var request = FetchRequest<Player>()
            request.relationshipKeyPathsForPrefetching = ["club", "mentor"]
            let players = try fresh.fetch(request)
            let clubs = fresh.registeredObjects.compactMap { $0 as? Club }
            #expect(clubs.count == 2)
            #expect(clubs.allSatisfy { !$0.isFault })
            #expect(players.allSatisfy { $0.club?.isFault == false })
        }
        let other = container.newBackgroundContext()
        try other.performAndWait {
            var request = FetchRequest<Club>()
            request.relationshipKeyPathsForPrefetching = ["players.club"]
            _ = try other.fetch(request)
            #expect(other.registeredObjects.compactMap { $0 as? Player }.count == 6)
            request.relationshipKeyPathsForPrefetching = ["name"]
            #expect(throws: ObjectStoreError.self) { try other.fetch(request) }
        }
    }

    @Test func filterWithAKeyPathThatIsNoStoredPropertyThrows() throws {
        let (container, players, _) = try store(count: 3)
        let context = container.viewContext
        for request in [FetchRequest<Player>(where: \.label, equals: "x"), FetchRequest<Player>(where: \.nameAndNick, equals: "x")] {
            #expect {
                _ = try context.fetch(request)
            } throws: { error in
                guard case ObjectStoreError.invalidFetchRequest(.unknownKey(entity: "Player", _)) = error else { return false }
                return true
            }
        }
        var byClub = FetchRequest<Player>()
        byClub.filter(\.club, equals: players[1].club?.objectID)
        #expect(try context.fetch(byClub).map(\.name) == ["p1"])
    }

    @Test func requestsAreSendableValues() async throws {
        let (container, _, _) = try store(count: 3)
        var request = FetchRequest<Player>(predicate: try FetchPredicate(format: "level > %d", 0), sortDescriptors: [FetchSortDescriptor(\.level)])
        request.fetchLimit = 1
        let context = container.newBackgroundContext()
        let sent = request
        let level = try await context.perform { try context.fetch(sent).first?.level }
        #expect(level == 1)
    }
}

extension Player {
    /// A computed property that reads no stored property.
    fileprivate var label: String { "player" }
    /// A computed property that reads two stored properties.
    fileprivate var nameAndNick: String { (name ?? "") + nick }
}
