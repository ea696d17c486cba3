extension StoreQuery {
    /// Whether `object`, with its current (possibly unsaved) values, satisfies every filter; false
    /// when a read fails (``evaluate(_:)-(ManagedObject)`` throws the error instead).
    package func matches(_ object: ManagedObject) -> Bool {
        matches(ManagedObjectValues(current: object))
    }

    /// Whether `object`, with its current (possibly unsaved) values, satisfies every filter.
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ object: ManagedObject) throws(ObjectStoreError) -> Bool {
        try evaluate(ManagedObjectValues(current: object))
    }

    /// The row of `object` with its current values and sort keys, for ``areInIncreasingOrder(_:_:)``.
    package func row(of object: ManagedObject) -> StoreRow {
        row(of: ManagedObjectValues(current: object), version: object.version)
    }
}
