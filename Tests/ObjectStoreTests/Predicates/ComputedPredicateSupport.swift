import Foundation
import ObjectStore
import Testing

/// The store of the subquery, collection operator and arithmetic tests, saved: players `p0`…`p5`
/// (level `i`, age `i` but nil for `p0` and `p3`), the clubs Lions (`p0`, `p2`, `p4`), Bears
/// (`p1`, `p3`, `p5`) and Empty (none), and the medal "gold" held by `p1` and `p2`.
@MainActor
struct ComputedPredicateStore {
    let container: PersistentContainer
    let players: [Player]
    let lions: Club
    let bears: Club
    let empty: Club
    let gold: Medal

    init() throws {
        let (container, players, clubs) = try clubsAndPlayers(6)
        let context = container.viewContext
        let empty = try context.insert(Club.self)
        empty.name = "Empty"
        let gold = try context.insert(Medal.self)
        gold.label = "gold"
        players[1].medals = [gold]
        players[2].medals = [gold]
        try context.save()
        self.container = container
        self.players = players
        lions = clubs[0]
        bears = clubs[1]
        self.empty = empty
        self.gold = gold
    }

    var context: ManagedObjectContext { container.viewContext }

    /// Checks that the format selects exactly `expected` in SQL and in memory, and that its
    /// description parses back to the same predicate.
    func expect<Entity: ManagedObject>(_ format: String, _ arguments: (any PredicateArgument)?..., selects expected: [Entity], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let predicate = try FetchPredicate<Entity>(format: format, argumentArray: arguments)
        try expectSelects(predicate, in: context, expected, sourceLocation: sourceLocation)
        if !arguments.contains(where: { $0 is ManagedObject }) {
            #expect(try FetchPredicate<Entity>(format: predicate.description) == predicate, "\(predicate.description) does not parse back", sourceLocation: sourceLocation)
        }
    }
}

/// The error compiling `format` for `Entity` raises, or nil when it compiles.
@MainActor
func compilationError<Entity: ManagedObject>(_ format: String, for _: Entity.Type, in context: ManagedObjectContext) throws -> FetchPredicateError? {
    let predicate = try FetchPredicate<Entity>(format: format)
    do {
        _ = try BoundPredicate(predicate.node, entity: context.model.entity(for: Entity.self))
        return nil
    } catch {
        return error
    }
}

/// The syntax error parsing `format` raises, or nil when it parses.
func parseError(_ format: String) -> FetchPredicateError? {
    do {
        _ = try FetchPredicate<Player>(format: format)
        return nil
    } catch {
        return error
    }
}
