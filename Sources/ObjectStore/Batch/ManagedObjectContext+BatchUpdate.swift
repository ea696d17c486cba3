import GRDB

extension ManagedObjectContext {
    /// Runs a batch update in the store: every object the request's predicate selects whose
    /// values differ takes the new ones, in one transaction, without loading any object.
    ///
    /// The update is one commit, as a save is: one history transaction, and one change set
    /// (each object with the keys whose values changed) handed on to the container's observers and
    /// merged into every context that merges automatically and into this one; so every
    /// controller over those objects delivers the change. Contexts holding unsaved edits of an
    /// updated object meet the change as they meet another context's save (their merge policy
    /// decides).
    ///
    /// Derived attributes (``Derived``) that read the attributes set are computed in the same
    /// transaction, as a save of the same change computes them: the updated objects' own, the
    /// sums of owners over them, the copies of owners pointing at them. Each object whose derived
    /// values changed is in the change set and the history with those keys among its changed
    /// keys.
    ///
    /// - Throws: ``ObjectStoreError/invalidBatchRequest(entity:reason:)`` for a property that is
    ///   not an attribute of the entity, a derived attribute, a value of another type, or nil for
    ///   a non-optional attribute; ``ObjectStoreError/invalidFetchRequest(_:)`` for a predicate that does not fit
    ///   the entity; ``ObjectStoreError/validation(_:)`` when the new value of a unique attribute
    ///   would repeat; or an I/O error. Nothing is changed when it throws.
    @discardableResult
    public func execute<Entity: ManagedObject>(_ request: BatchUpdateRequest<Entity>) throws(ObjectStoreError) -> BatchUpdateResult {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        var resolver = BatchAssignmentResolver(entity: entity)
        let (columns, values) = try resolver.resolve(request.assignments)
        guard !columns.isEmpty else {
            throw .invalidBatchRequest(entity: entity.name, reason: "the request sets no attribute")
        }
        var fetch = FetchRequest<Entity>()
        fetch.predicate = request.predicate
        let query = try storeQuery(for: fetch, entity: entity)
        let (commit, token) = try commitBatchOperation { (stamp, generationReserved) throws(ObjectStoreError) in
            try core.store.batchUpdate(query, columns: columns, values: values, stamp: stamp, generationReserved: generationReserved)
        }
        return BatchUpdateResult(
            objectIDs: (commit.attributeUpdates?.requestedKeys ?? []).map { objectID(entity: entity.index, key: $0) },
            historyToken: token)
    }
}
