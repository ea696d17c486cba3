package import Foundation
package import GRDB

/// A predicate compiled for one entity: what the store runs as SQL and contexts evaluate in
/// memory, always agreeing.
///
/// A ``CompiledFetchRequest`` holds one and calls ``evaluate(_:)`` on each changed object.
package struct BoundPredicate: StoreFilter {
    package let entity: EntityDescription
    let node: BoundNode
    /// The to-one paths from the evaluated object the SQL reads (joined by the query).
    package let joinPaths: [[RelationshipDescription]]
    /// The entities the predicate reads through relationships (their unsaved changes can change
    /// its result).
    package let relatedEntities: Set<Int>

    /// Whether the predicate calls `now()`, which stands for the instant it was compiled.
    package let readsClock: Bool

    /// Compiles `node` for `entity`; `now()` stands for `now`, the same instant in the SQL of
    /// every fetch and in every in-memory evaluation of this compilation.
    package init(_ node: PredicateNode, entity: EntityDescription, now: Date = Date()) throws(FetchPredicateError) {
        self.entity = entity
        let bound = try PredicateBinder(root: entity, now: now).bind(node)
        readsClock = node.callsNow
        self.node = bound
        var paths: [[RelationshipDescription]] = []
        bound.forEachPath { readsMember, hops in if !readsMember && !hops.isEmpty { paths.append(hops) } }
        joinPaths = paths
        relatedEntities = bound.relatedEntities
    }

    package func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String {
        var writer = PredicateSQLWriter(arguments: arguments)
        let text = writer.write(node)
        arguments = writer.arguments
        return text
    }

    /// Whether `object` satisfies the predicate; false when reading the members of a to-many
    /// relationship fails (``evaluate(_:)-(ManagedObjectValues)`` throws the error instead).
    package func matches(_ object: ManagedObjectValues) -> Bool {
        (try? evaluate(object)) ?? false
    }

    /// Whether `object` satisfies the predicate (unknown counts as no).
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ object: ManagedObjectValues) throws(ObjectStoreError) -> Bool {
        var evaluator = PredicateEvaluator(object)
        return try evaluator.evaluate(node) == true
    }
}
