import Foundation
import ObjectStore
import StoreBackends
import Testing

@MainActor @Suite struct SortDescriptorTests {
    @Test(arguments: StoreBackend.all)
    func aNaNSortsAsNilInTheStoreAsInMemory(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Predicates", model: PredicateModel.model)
        let context = container.viewContext
        for score in [2.5, Double.nan, nil, -Double.infinity, 1] {
            try context.insert(Player.self).score = score
        }
        try context.save()
        for ascending in [true, false] {
            var request = FetchRequest<Player>()
            request.sortDescriptors = [FetchSortDescriptor(\.score, ascending: ascending)]
            request.includesPendingChanges = false
            let stored = try context.fetchObjectIDs(request).map(\.key)
            let compiled = try CompiledFetchRequest(request, model: context.model)
            let players = try context.fetch(Player.self)
            let inMemory = players.map { compiled.sortKey(of: $0) }.sorted { compiled.areInIncreasingOrder($0, $1) }.map(\.objectID.key)
            #expect(stored == inMemory, "ascending \(ascending)")
            #expect(stored == (ascending ? [2, 3, 4, 5, 1] : [1, 5, 4, 2, 3]), "ascending \(ascending)")
        }
    }

    private func store(names: [String?]) throws -> (PersistentContainer, [Player]) {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        var players: [Player] = []
        for name in names {
            let player = try context.insert(Player.self)
            player.name = name
            players.append(player)
        }
        try context.save()
        return (container, players)
    }

    /// The names in the order SQL gives and in the order memory gives (which must be equal).
    private func order(_ descriptors: [FetchSortDescriptor<Player>], _ context: ManagedObjectContext, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String?] {
        var request = FetchRequest<Player>(predicate: nil, sortDescriptors: descriptors)
        request.includesPendingChanges = false
        let sql = try context.fetch(request).map(\.objectID)
        let query = try request.storeQuery(entity: context.model.entity(for: Player.self))
        let memory = context.registeredObjects.compactMap { $0 as? Player }.map { query.row(of: $0) }.sorted { query.areInIncreasingOrder($0, $1) }.map(\.key)
        #expect(sql.map(\.key) == memory, "SQL and memory orders differ", sourceLocation: sourceLocation)
        return try sql.map { try context.existingObject(with: $0, as: Player.self).name }
    }

    @Test func comparators() throws {
        let (container, _) = try store(names: ["file 10", "File 2", "apple", "Banana", "cherry", "File 20", "file 010", nil])
        let context = container.viewContext
        #expect(try order([FetchSortDescriptor("name")], context) == [nil, "Banana", "File 2", "File 20", "apple", "cherry", "file 010", "file 10"])
        #expect(try order([FetchSortDescriptor(\.name, comparator: .caseInsensitive)], context) == [nil, "apple", "Banana", "cherry", "file 010", "file 10", "File 2", "File 20"])
        #expect(try order([FetchSortDescriptor(\.name, comparator: .localizedStandard)], context) == [nil, "apple", "Banana", "cherry", "File 2", "file 10", "file 010", "File 20"])
        #expect(try order([FetchSortDescriptor(\.name, ascending: false, comparator: .localizedStandard)], context) == ["File 20", "file 10", "file 010", "File 2", "cherry", "Banana", "apple", nil])
    }

    @Test func swiftOrderTiesCanonicallyEquivalentStringsAndBreaksTiesByID() throws {
        let (container, players) = try store(names: ["é", "e\u{301}", "f", "e", "é"])
        let context = container.viewContext
        var request = FetchRequest<Player>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])
        request.includesPendingChanges = false
        let keys = try context.fetchObjectIDs(request).map(\.key)
        #expect(keys == [players[3], players[2], players[0], players[1], players[4]].map(\.objectID.key))
        #expect(try order([FetchSortDescriptor(\.name)], context).count == 5)
    }

    @Test func nilFirstAscendingNumbersDatesAndToOnePaths() throws {
        let container = try PredicateModel.inMemory()
        let context = container.viewContext
        let clubs = try ["B", nil, "A"].map { name -> Club in
            let club = try context.insert(Club.self)
            club.name = name
            return club
        }
        var players: [Player] = []
        for (index, age) in [3, nil, 1, 2, nil].enumerated() {
            let player = try context.insert(Player.self)
            player.age = age
            player.score = age.map(Double.init)
            player.born = age.map { Date(timeIntervalSinceReferenceDate: Double($0)) }
            player.club = index < 3 ? clubs[index] : nil
            player.name = "p\(index)"
            players.append(player)
        }
        try context.save()
        #expect(try order([FetchSortDescriptor(\.age)], context) == ["p1", "p4", "p2", "p3", "p0"])
        #expect(try order([FetchSortDescriptor(\.age, ascending: false)], context) == ["p0", "p3", "p2", "p1", "p4"])
        #expect(try order([FetchSortDescriptor(\.score), FetchSortDescriptor(\.name, ascending: false)], context) == ["p4", "p1", "p2", "p3", "p0"])
        #expect(try order([FetchSortDescriptor(\.born)], context) == ["p1", "p4", "p2", "p3", "p0"])
        #expect(try order([FetchSortDescriptor(\.club?.name), FetchSortDescriptor("name")], context) == ["p1", "p3", "p4", "p2", "p0"])
        #expect(try order([FetchSortDescriptor("club.name", ascending: false), FetchSortDescriptor("age")], context) == ["p0", "p2", "p1", "p4", "p3"])
        #expect(FetchSortDescriptor<Player>("club.name", comparator: .caseInsensitive).description == "club.name ascending caseInsensitive")
        #expect(FetchSortDescriptor<Player>("age").reversed.ascending == false)
    }

    @Test func badSortKeysAreTypedErrors() throws {
        let (container, _) = try store(names: ["a"])
        let context = container.viewContext
        func failure(_ descriptor: FetchSortDescriptor<Player>) -> FetchPredicateError? {
            do {
                _ = try context.fetch(FetchRequest<Player>(predicate: nil, sortDescriptors: [descriptor]))
                return nil
            } catch ObjectStoreError.invalidFetchRequest(let error) {
                return error
            } catch {
                return nil
            }
        }
        #expect(failure(FetchSortDescriptor("nope")) == .unknownKey(entity: "Player", key: "nope"))
        #expect(failure(FetchSortDescriptor("club.nope")) == .unknownKey(entity: "Player", key: "club.nope"))
        guard case .typeMismatch("Player", "age", _)? = failure(FetchSortDescriptor("age", comparator: .caseInsensitive)),
              case .typeMismatch("Player", "club.players", _)? = failure(FetchSortDescriptor("club.players")) else {
            Issue.record("comparators on numbers and to-many sorts must be rejected")
            return
        }
    }
}
