extension ManagedObjectContext {
    /// Runs a batch insert in the store: each row becomes an object, or, matched by the
    /// uniqueness constraint, updates the object it matches; in one transaction, without creating
    /// any object in a context.
    ///
    /// The insert is one commit, as a save is: one history transaction, and one change set (the
    /// inserted objects, and the updated ones with the keys whose values changed) handed on to
    /// the container's observers and merged into every context that merges automatically and into
    /// this one; so every controller whose request matches those objects delivers them.
    ///
    /// - Throws: ``ObjectStoreError/invalidBatchRequest(entity:reason:)`` for a key that is not an
    ///   attribute of the entity, a value of another type, a row without a value its attribute
    ///   needs, or a uniqueness constraint the entity does not have (or not chosen among several);
    ///   ``ObjectStoreError/validation(_:)`` when a row repeats the values of a uniqueness
    ///   constraint the rows are not matched by; or an I/O error. Nothing is changed when it throws.
    @discardableResult
    public func execute<Entity: ManagedObject>(_ request: BatchInsertRequest<Entity>) throws(ObjectStoreError) -> BatchInsertResult {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let plan = try BatchInsertPlan(request, entity: entity)
        let (commit, token) = try commitBatchOperation { (stamp, generationReserved) throws(ObjectStoreError) in
            try core.store.batchInsert(plan, stamp: stamp, generationReserved: generationReserved)
        }
        return BatchInsertResult(
            insertedObjectIDs: commit.batch.inserts.map { objectID(entity: entity.index, key: $0.key) },
            updatedObjectIDs: commit.batch.updates.map { objectID(entity: entity.index, key: $0.key) },
            historyToken: token)
    }
}
