import DiffableSupport
import GRDB

extension ManagedObjectContext {
    /// The objects in a to-many relationship, as this context sees them (unsaved changes included),
    /// for callers that cannot throw: a property getter, in-memory predicate evaluation.
    ///
    /// When the members cannot be read it returns none and records the error (see
    /// ``noteReadFailure(_:)``): the fetch it runs in throws it, or else the next save.
    package func members(of object: ManagedObject, relationship: RelationshipDescription) -> [ManagedObject] {
        do {
            return try loadMembers(of: object, relationship: relationship)
        } catch {
            noteReadFailure(error)
            return []
        }
    }

    /// The objects in a to-many relationship, as this context sees them (unsaved changes
    /// included), loaded with their values in one query, or without one when a prefetch
    /// recorded them and they still hold (``prefetchedMembers(of:relationship:)``).
    func loadMembers(of object: ManagedObject, relationship: RelationshipDescription) throws(ObjectStoreError) -> [ManagedObject] {
        if relationship.isManyToMany { return try linkedObjects(of: object, relationship: relationship) }
        guard let inverseColumn = relationship.inverseColumn else { return [] }
        if let members = prefetchedMembers(of: object, relationship: relationship) { return members }
        var query = StoreQuery(entity: relationship.destination)
        query.filters = [ColumnEquality(column: inverseColumn, value: (object.objectID.key).databaseValue, entity: relationship.destination)]
        return try resolvedRows(query, selection: .rows).map { self.object(from: $0, entity: relationship.destination) }
    }

    /// Points a to-one relationship at `target`, keeping a to-one inverse in sync (a to-many
    /// inverse is derived from the key, so it follows automatically).
    func setToOne(of object: ManagedObject, relationship: RelationshipDescription, to target: ManagedObject?) {
        assertOnQueue()
        guard let column = relationship.column else { return }
        if let target {
            programmerPrecondition(target.context === self, "The object \(target.objectID), set on \(object.entityDescription.name).\(relationship.name), belongs to another context; use object(with:) to bring it here.")
            programmerPrecondition(target.entityDescription === relationship.destination, "\(object.entityDescription.name).\(relationship.name) expects a \(relationship.destinationName), got a \(target.entityDescription.name); set an object of \(relationship.destinationName).")
        }
        let newValue = target.map { ($0.objectID.key).databaseValue } ?? .null
        let oldValue = object.storedValue(column: column)
        guard !StoredValueOrder.isSame(oldValue, newValue) else { return }
        object.setColumn(column, to: newValue)
        guard let inverseColumn = relationship.inverseColumn else { return }
        // One-to-one: detach the old partner, and the target's old partner.
        let myKey = (object.objectID.key).databaseValue
        if case .int64(let oldKey) = oldValue.storage {
            let oldPartner = registeredOrFault(entity: relationship.destinationIndex, key: oldKey)
            if StoredValueOrder.isSame(oldPartner.storedValue(column: inverseColumn), myKey) {
                oldPartner.setColumn(inverseColumn, to: .null)
            }
        }
        if let target {
            if case .int64(let previousKey) = target.storedValue(column: inverseColumn).storage, previousKey != object.objectID.key {
                let previous = registeredOrFault(entity: object.entityDescription.index, key: previousKey)
                previous.setColumn(column, to: .null)
            }
            target.setColumn(inverseColumn, to: myKey)
        }
    }

    /// Replaces the members of a to-many relationship: links and unlinks many-to-many members,
    /// re-points the inverse to-one relationship of the others.
    func setMembers(of object: ManagedObject, relationship: RelationshipDescription, to objects: [ManagedObject]) {
        assertOnQueue()
        let current = members(of: object, relationship: relationship)
        let wanted = Set(objects.map(ObjectIdentifier.init))
        let existing = Set(current.map(ObjectIdentifier.init))
        let removed = current.filter { !wanted.contains(ObjectIdentifier($0)) }
        let added = objects.filter { !existing.contains(ObjectIdentifier($0)) }
        if relationship.isManyToMany {
            for member in removed {
                setLink(object, relationship: relationship, to: member, linked: false)
            }
            for member in added {
                programmerPrecondition(member.context === self, "The object \(member.objectID), added to \(object.entityDescription.name).\(relationship.name), belongs to another context; use object(with:) to bring it here.")
                setLink(object, relationship: relationship, to: member, linked: true)
            }
        } else if let inverse = relationship.inverse {
            for member in removed {
                setToOne(of: member, relationship: inverse, to: nil)
            }
            for member in added {
                setToOne(of: member, relationship: inverse, to: object)
            }
        }
    }

    /// Nullify and cascade rules of a newly deleted object. Applying them again does nothing more.
    func applyDeleteRules(of object: ManagedObject) throws(ObjectStoreError) {
        for relationship in object.entityDescription.relationships {
            switch relationship.deleteRule {
            case .deny, .noAction:
                continue
            case .nullify:
                if relationship.isManyToMany {
                    for member in try loadMembers(of: object, relationship: relationship) {
                        setLink(object, relationship: relationship, to: member, linked: false)
                    }
                } else if relationship.isToMany {
                    guard let inverseColumn = relationship.inverseColumn else { continue }
                    for member in try loadMembers(of: object, relationship: relationship) where !member.state.contains(.deleted) {
                        member.setColumn(inverseColumn, to: .null)
                    }
                } else if let column = relationship.column, let inverseColumn = relationship.inverseColumn,
                          case .int64(let key) = object.storedValue(column: column).storage {
                    let partner = registeredOrFault(entity: relationship.destinationIndex, key: key)
                    try loadFault(partner)
                    if StoredValueOrder.isSame(partner.storedValue(column: inverseColumn), (object.objectID.key).databaseValue) {
                        partner.setColumn(inverseColumn, to: .null)
                    }
                }
            case .cascade:
                for related in try relatedObjects(of: object, relationship: relationship) {
                    delete(related)
                }
            }
        }
    }

    /// The objects a relationship currently points at, loaded.
    func relatedObjects(of object: ManagedObject, relationship: RelationshipDescription) throws(ObjectStoreError) -> [ManagedObject] {
        if relationship.isToMany {
            return try loadMembers(of: object, relationship: relationship)
        }
        guard let column = relationship.column, case .int64(let key) = object.storedValue(column: column).storage else { return [] }
        let target = registeredOrFault(entity: relationship.destinationIndex, key: key)
        try loadFault(target)
        return target.state.contains(.missing) ? [] : [target]
    }
}
