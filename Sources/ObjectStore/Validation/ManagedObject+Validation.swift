import DiffableSupport

extension ManagedObject {
    /// Checks `value` against the model's rules for the attribute `key`, as a save would check
    /// it, without setting it: use it to check input before it reaches the object.
    ///
    /// ```swift
    /// do {
    ///     try player.validateValue(input, forKey: "name")
    ///     player.name = input
    /// } catch ObjectStoreError.validation(let failures) {
    ///     show(failures)
    /// }
    /// ```
    ///
    /// - Throws: ``ObjectStoreError/validation(_:)`` listing every rule `value` breaks
    ///   (``ValidationFailure/missingValue(_:key:)`` for a nil value the attribute requires).
    /// - Precondition: `key` names an attribute of the object's entity whose type is `Value`'s.
    public final func validateValue<Value: AttributeValue>(_ value: Value, forKey key: String) throws(ObjectStoreError) {
        guard let attribute = entityDescription.attribute(named: key) else {
            programmerError("validateValue(_:forKey:) was given '\(key)', which is not an attribute of \(entityDescription.name); pass one of its attribute names.")
        }
        programmerPrecondition(Value.attributeType == attribute.type,
                               "validateValue(_:forKey:) was given a \(Value.self) for \(entityDescription.name).\(key), which holds \(attribute.type) values.")
        var failures: [ValidationFailure] = []
        attribute.collectFailures(of: objectID, value: value.storedValue.databaseValue, into: &failures)
        if !failures.isEmpty { throw .validation(failures) }
    }

    /// Runs the object's own check for `check`, appending what it threw.
    final func runCheck(_ check: ObjectCheck, into failures: inout [ValidationFailure]) {
        do {
            switch check {
            case .insert: try validateForInsert()
            case .update: try validateForUpdate()
            case .delete: try validateForDelete()
            }
        } catch let failure as ValidationFailure {
            failures.append(failure)
        } catch ObjectStoreError.validation(let thrown) {
            failures.append(contentsOf: thrown)
        } catch {
            failures.append(.objectRejected(objectID, check: check, reason: "\(error)"))
        }
    }
}
