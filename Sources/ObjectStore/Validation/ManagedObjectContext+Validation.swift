extension ManagedObjectContext {
    /// Checks the unsaved changes as ``save()`` checks them, without saving: the model's rules
    /// for every inserted and changed object, deny delete rules, and each object's
    /// ``ManagedObject/validateForInsert()``, ``ManagedObject/validateForUpdate()`` or
    /// ``ManagedObject/validateForDelete()``.
    ///
    /// Uniqueness is checked by the store, so only a save finds it broken.
    ///
    /// - Throws: ``ObjectStoreError/validation(_:)`` listing every failure, or an I/O error of
    ///   reading what a deny rule points at.
    public func validatePendingChanges() throws(ObjectStoreError) {
        assertOnQueue()
        try validate(livePending.filter(\.hasChangesToSave))
    }

    /// Checks the objects a save writes; throws one error listing every failure.
    func validate(_ objects: [ManagedObject]) throws(ObjectStoreError) {
        var failures: [ValidationFailure] = []
        for object in objects {
            if object.state.contains(.deleted) {
                try collectDeleteDenials(of: object, into: &failures)
                object.runCheck(.delete, into: &failures)
                continue
            }
            collectValueFailures(of: object, into: &failures)
            object.runCheck(object.state.contains(.inserted) ? .insert : .update, into: &failures)
        }
        if !failures.isEmpty { throw .validation(failures) }
    }

    private func collectDeleteDenials(of object: ManagedObject, into failures: inout [ValidationFailure]) throws(ObjectStoreError) {
        for relationship in object.entityDescription.relationships where relationship.deleteRule == .deny {
            let related = try relatedObjects(of: object, relationship: relationship).filter { !$0.state.contains(.deleted) }
            if !related.isEmpty {
                failures.append(.deleteDenied(object.objectID, relationship: relationship.name, related: related.map(\.objectID)))
            }
        }
    }

    private func collectValueFailures(of object: ManagedObject, into failures: inout [ValidationFailure]) {
        let entity = object.entityDescription
        for index in entity.checkedAttributes {
            let attribute = entity.attributes[index]
            attribute.collectFailures(of: object.objectID, value: object.values[attribute.column], into: &failures)
        }
        for relationship in entity.relationships where !relationship.isOptional {
            if let column = relationship.column, object.values[column].isNull {
                failures.append(.missingValue(object.objectID, key: relationship.name))
            }
        }
    }
}
