extension CompiledFetchRequest {
    /// The value of ``sectionNameKeyPath`` for `object`, read from the values `source` selects:
    /// the attribute's Swift value, an ``ObjectID`` for a to-one relationship, nil for nil (or
    /// when a relationship on the way is nil, or there is no section key path).
    ///
    /// - Parameters:
    ///   - object: The object whose section value to read, one of the request's entity.
    ///   - source: The values to read; nil for the request's ``valueSource``. An object without
    ///     committed values (inserted, not saved) reads its current ones.
    public func sectionValue(of object: Entity, from source: ObjectValueSource? = nil) -> (any Sendable)? {
        guard let section, let sectionEnd else { return nil }
        let values = ManagedObjectValues(object, source ?? valueSource) ?? ManagedObjectValues(current: object)
        let stored = section.value(of: values)
        switch sectionEnd {
        case .attribute(let attribute):
            return attribute.decodedValue(stored)
        case .toOne(let relationship):
            guard case .int64(let key) = stored.storage, let context = object.context else { return nil }
            return context.objectID(entity: relationship.destinationIndex, key: key)
        case .toMany, .count:
            return nil
        }
    }
}
