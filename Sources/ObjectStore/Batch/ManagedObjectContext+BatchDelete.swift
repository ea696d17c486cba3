extension ManagedObjectContext {
    /// Runs a batch delete in the store: every object the request selects is deleted, with the
    /// delete rules of its entity, in one transaction, without loading any object.
    ///
    /// The delete is one commit, as a save is: one history transaction, and one change set (the
    /// deleted objects, and the objects whose relationships changed with the keys that changed)
    /// handed on to the container's observers and merged into every context that merges
    /// automatically and into this one; so every controller over those objects delivers the
    /// change. Unsaved edits of deleted objects meet the delete as they meet another context's
    /// save (the merge policy decides); unsaved inserts are not the store's and are not deleted.
    ///
    /// - Throws: ``ObjectStoreError/validation(_:)`` with a
    ///   ``ValidationFailure/deleteDenied(_:relationship:related:)`` per object whose deny rule
    ///   still holds; ``ObjectStoreError/invalidFetchRequest(_:)`` for a request that does not fit
    ///   the entity; or an I/O error. Nothing is changed when it throws.
    @discardableResult
    public func execute<Entity: ManagedObject>(_ request: BatchDeleteRequest<Entity>) throws(ObjectStoreError) -> BatchDeleteResult {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let query = try storeQuery(for: request.fetchRequest, entity: entity)
        var requested = 0
        let (commit, token) = try commitBatchOperation { (stamp, generationReserved) throws(ObjectStoreError) in
            let (commit, count) = try core.store.batchDelete(query, stamp: stamp, generationReserved: generationReserved)
            requested = count
            return commit
        }
        let deleted = commit.batch.deletes.map { objectID(entity: $0.entity.index, key: $0.key) }
        return BatchDeleteResult(
            objectIDs: deleted[..<requested].sorted { $0.key < $1.key },
            cascadedObjectIDs: Array(deleted[requested...]),
            historyToken: token)
    }
}
