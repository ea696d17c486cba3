import GRDB

extension AttributeDescription {
    /// Whether a save refuses nil: the attribute is not optional, or declares ``ValidationRule/required``.
    var requiresValue: Bool {
        !isOptional || rules?.requiresValue == true
    }

    /// Appends what `value`, as this attribute's value of the object `objectID`, breaks.
    func collectFailures(of objectID: ObjectID, value: DatabaseValue, into failures: inout [ValidationFailure]) {
        if value.isNull {
            if requiresValue { failures.append(.missingValue(objectID, key: name)) }
            return
        }
        rules?.forEachBrokenRule(by: value) { failures.append(.ruleBroken(objectID, key: name, rule: $0)) }
    }
}
