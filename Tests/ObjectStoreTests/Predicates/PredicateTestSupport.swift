import Foundation
import ObjectStore
import Testing

/// Runs a request in SQL (ignoring unsaved changes) and in memory on every registered object of
/// the entity, and returns both answers as sets of keys.
@MainActor
func bothAnswers<Entity: ManagedObject>(_ predicate: FetchPredicate<Entity>, in context: ManagedObjectContext) throws -> (sql: Set<Int64>, memory: Set<Int64>) {
    var request = FetchRequest<Entity>(predicate: predicate)
    request.includesPendingChanges = false
    let sql = Set(try context.fetchObjectIDs(request).map(\.key))
    let entity = context.model.entity(for: Entity.self)
    let compiled = try BoundPredicate(predicate.node, entity: entity)
    var memory: Set<Int64> = []
    for object in context.registeredObjects where object.entity === entity && !object.isDeleted {
        if try compiled.evaluate(object) { memory.insert(object.objectID.key) }
    }
    return (sql, memory)
}

/// Checks that SQL and memory agree and select exactly `expected` (compared by a key of each
/// object).
@MainActor
func expectSelects<Entity: ManagedObject>(
    _ predicate: FetchPredicate<Entity>,
    in context: ManagedObjectContext,
    _ expected: [Entity],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (sql, memory) = try bothAnswers(predicate, in: context)
    let wanted = Set(expected.map(\.objectID.key))
    #expect(sql == memory, "SQL and memory disagree on \(predicate)", sourceLocation: sourceLocation)
    #expect(sql == wanted, "\(predicate) selected \(sql.sorted()), expected \(wanted.sorted())", sourceLocation: sourceLocation)
}

/// A saved store with the clubs "Lions" and "Bears" and `count` players `p0`, `p1`, … (level
/// `i`, age `i` or nil for every third, clubs taken in turn).
@MainActor
func clubsAndPlayers(_ count: Int) throws -> (PersistentContainer, [Player], [Club]) {
    let container = try PredicateModel.inMemory()
    let context = container.viewContext
    let clubs = try ["Lions", "Bears"].map { name -> Club in
        let club = try context.insert(Club.self)
        club.name = name
        return club
    }
    let players = try (0..<count).map { index -> Player in
        let player = try context.insert(Player.self)
        player.name = "p\(index)"
        player.level = index
        player.age = index % 3 == 0 ? nil : index
        player.club = clubs[index % 2]
        return player
    }
    try context.save()
    return (container, players, clubs)
}
