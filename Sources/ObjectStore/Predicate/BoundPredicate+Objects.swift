extension BoundPredicate {
    /// Whether `object` satisfies the predicate, with its current (possibly unsaved) values.
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ object: ManagedObject) throws(ObjectStoreError) -> Bool {
        try evaluate(ManagedObjectValues(current: object))
    }
}
