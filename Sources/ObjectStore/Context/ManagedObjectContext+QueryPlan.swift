extension ManagedObjectContext {
    /// The store's plan for the query of a request, one line per step: SQLite's `EXPLAIN QUERY
    /// PLAN` (such as `SEARCH t USING COVERING INDEX Z_INDEX_Event_isLive_start (isLive=?)`), or
    /// PostgreSQL's `EXPLAIN` and the filters evaluated in memory.
    package func queryPlan<Entity: ManagedObject>(for request: FetchRequest<Entity>) throws(ObjectStoreError) -> [String] {
        let query = try storeQuery(for: request, entity: core.model.entity(for: Entity.self))
        return try core.store.queryPlan(query)
    }
}
