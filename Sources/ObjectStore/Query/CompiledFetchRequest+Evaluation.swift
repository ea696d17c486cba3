extension CompiledFetchRequest {
    /// Whether `object` is among the request's results, limit and offset aside: whether it
    /// exists in the values `source` selects (not deleted, not missing; for committed values,
    /// saved) and satisfies the predicate and filters.
    ///
    /// Call it on the queue of the object's context. Reading related objects may fault them in;
    /// quantifiers and counts read members with a query (one when the store answers alone).
    ///
    /// - Parameters:
    ///   - object: The object to test, one of the request's entity.
    ///   - source: The values to read; nil for the request's ``valueSource``.
    /// - Throws: the store's error when reading related objects or members fails (never taken for
    ///   "no match").
    public func includes(_ object: Entity, from source: ObjectValueSource? = nil) throws(ObjectStoreError) -> Bool {
        let source = source ?? valueSource
        if source == .current && !object.state.isDisjoint(with: [.deleted, .invalid]) { return false }
        if source == .committed && object.state.contains(.invalid) { return false }
        return try evaluate(object, from: source)
    }

    /// Whether the values of `object` that `source` selects satisfy the request's predicate and
    /// filters (whether or not the object is deleted). An object without such values (inserted
    /// and not saved, read for committed values; a row that no longer exists) does not.
    ///
    /// - Parameters:
    ///   - object: The object to test, one of the request's entity.
    ///   - source: The values to read; nil for the request's ``valueSource``.
    /// - Throws: the store's error when reading related objects or members fails.
    public func evaluate(_ object: Entity, from source: ObjectValueSource? = nil) throws(ObjectStoreError) -> Bool {
        guard let values = ManagedObjectValues(object, source ?? valueSource), !object.state.contains(.missing) else { return false }
        guard let context = object.context else { return try query.evaluate(values) }
        return try context.reportingReadFailures { () throws(ObjectStoreError) -> Bool in
            try query.evaluate(values)
        }
    }
}
