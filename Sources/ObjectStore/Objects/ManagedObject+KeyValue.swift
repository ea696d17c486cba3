package import GRDB

extension ManagedObject {
    /// The value of the attribute or to-one relationship named `key`, decoded to its Swift type
    /// (an ``ObjectID`` for a relationship), or nil for nil and unknown keys.
    ///
    /// Follows to-one relationships with dotted paths such as `"sport.name"`. Inside an
    /// observation tracking scope, every key it reads on the way is tracked, as the properties'
    /// own reads are.
    public final func value(forKeyPath keyPath: String) -> (any Sendable)? {
        guard let (object, name) = resolve(keyPath: keyPath, notingReads: true), let object else { return nil }
        let entity = object.entityDescription
        if let ordinal = entity.observationKeys.ordinals[name] { object.noteRead(ordinal: ordinal) }
        if let attribute = entity.anyAttribute(named: name) {
            return attribute.decodedValue(object.storedValue(column: attribute.column))
        }
        if let relationship = entity.relationship(named: name), let column = relationship.column,
           case .int64(let key) = object.storedValue(column: column).storage,
           let context = object.context {
            return context.objectID(entity: relationship.destinationIndex, key: key)
        }
        return nil
    }

    /// The stored value (as SQL sees it) of the attribute or to-one key at `keyPath`, following
    /// to-one relationships (`"sport.name"`). NULL when a hop is nil or the key is unknown.
    ///
    /// In-memory predicate evaluation reads values this way, so it compares exactly what the SQL
    /// query compares.
    package final func storedValue(forKeyPath keyPath: String) -> DatabaseValue {
        guard let (object, name) = resolve(keyPath: keyPath), let object,
              let column = object.entityDescription.column(named: name) else { return .null }
        return object.storedValue(column: column)
    }

    /// The stored value of a column, faulting the object in if needed.
    package final func storedValue(column: Int) -> DatabaseValue {
        if state.contains(.fault) { context?.loadFaultNotingFailure(self) }
        return column < values.count ? values[column] : .null
    }

    /// Walks the to-one hops of a dotted key path; returns the object owning the last key (nil
    /// when a hop is nil) and that key, or nil when a hop is not a to-one relationship. With
    /// `notingReads`, each hop is a read for observation tracking.
    private func resolve(keyPath: String, notingReads: Bool = false) -> (ManagedObject?, String)? {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let last = parts.last else { return nil }
        var object: ManagedObject? = self
        for hop in parts.dropLast() {
            guard let current = object else { return (nil, last) }
            guard let relationship = current.entityDescription.relationship(named: hop),
                  let column = relationship.column else { return nil }
            if notingReads, let ordinal = current.entityDescription.observationKeys.ordinals[hop] {
                current.noteRead(ordinal: ordinal)
            }
            guard case .int64(let key) = current.storedValue(column: column).storage, let context = current.context else {
                object = nil
                continue
            }
            object = context.registeredOrFault(entity: relationship.destinationIndex, key: key)
        }
        return (object, last)
    }

    /// The unsaved changes: changed attribute names with their new values (a to-one relationship's
    /// value is the destination's ``ObjectID``, or nil).
    public final func changedValues() -> [String: (any Sendable)?] {
        var result: [String: (any Sendable)?] = [:]
        for column in changedColumns() {
            let name = entityDescription.valueNames[column]
            if let attribute = entityDescription.anyAttribute(named: name) {
                result[name] = attribute.decodedValue(values[column])
            } else if let relationship = entityDescription.relationship(named: name),
                      case .int64(let key) = values[column].storage, let context {
                result[name] = context.objectID(entity: relationship.destinationIndex, key: key)
            } else {
                result[name] = .some(nil)
            }
        }
        return result
    }
}
