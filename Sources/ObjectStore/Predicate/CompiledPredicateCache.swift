import DiffableSupport

/// The last compilation of a ``FetchPredicate``, shared by the copies of one predicate value, so
/// that evaluating the predicate on many objects compiles it once (a long `IN` list's index
/// included) instead of on every call.
///
/// It keeps the predicate compiled for the last entity asked; a predicate whose tree changes
/// gets a new cache.
final class CompiledPredicateCache: Sendable {
    /// A compilation, boxed so that reading it under the lock copies one reference.
    private final class Kept: Sendable {
        let predicate: BoundPredicate

        init(_ predicate: BoundPredicate) {
            self.predicate = predicate
        }
    }

    private let last = Locked<Kept?>(nil)

    /// `node` compiled for `entity`: the kept compilation when it was for that entity, else a
    /// new one, kept for next time. Compiles outside the lock; failures are not kept, nor
    /// predicates that call `now()` (each evaluation reads the clock again).
    func compiled(_ node: PredicateNode, for entity: EntityDescription) throws(FetchPredicateError) -> BoundPredicate {
        if let kept = last.value, kept.predicate.entity === entity { return kept.predicate }
        let compiled = try BoundPredicate(node, entity: entity)
        if !compiled.readsClock { last.withLock { $0 = Kept(compiled) } }
        return compiled
    }
}
