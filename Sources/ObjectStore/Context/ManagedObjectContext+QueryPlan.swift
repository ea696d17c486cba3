extension ManagedObjectContext {
    /// SQLite's plan (`EXPLAIN QUERY PLAN`) for the ID query of a request, one line per step,
    /// such as `SEARCH t USING COVERING INDEX Z_INDEX_Event_isLive_start (isLive=?)`.
    package func queryPlan<Entity: ManagedObject>(for request: FetchRequest<Entity>) throws(ObjectStoreError) -> [String] {
        let query = try storeQuery(for: request, entity: core.model.entity(for: Entity.self))
        return try core.store.queryPlan(query)
    }
}
