import GRDB

// The entry points the property wrappers call. They are `@usableFromInline` so the wrappers'
// inlinable accessors reach them from the module that declares the entities.
extension ManagedObject {
    /// The stored value of the attribute with the given wrapper number.
    @usableFromInline
    final func _storedValue(rawOrdinal: Int) -> StoredValue {
        let ordinal = rawOrdinal &- ordinalBase
        guard let column = entityDescription.attributeColumn(ordinal: ordinal) else { return .null }
        if _slowPath(!state.isDisjoint(with: [.fault, .prototype])) {
            if state.contains(.prototype) {
                KeyPathRecorder.record(ordinal: ordinal, of: entityDescription)
                return .null
            }
            context?.loadFaultNotingFailure(self)
        }
        let value = column < values.count ? StoredValue(values[column]) : .null
        noteRead(ordinal: ordinal)
        return value
    }

    /// The value of the attribute with the given wrapper number, decoded; undecodable data reads
    /// as the declared default, else the type's fallback (never a trap).
    @inlinable
    final func _attributeValue<Value: AttributeValue>(rawOrdinal: Int) -> Value {
        if let value = Value(storedValue: _storedValue(rawOrdinal: rawOrdinal)) { return value }
        return Value(storedValue: _defaultValue(rawOrdinal: rawOrdinal)) ?? Value.attributeFallback
    }

    /// The declared default of the attribute with the given wrapper number (NULL when none).
    @usableFromInline
    final func _defaultValue(rawOrdinal: Int) -> StoredValue {
        let ordinal = rawOrdinal &- ordinalBase
        return entityDescription.anyAttribute(ordinal: ordinal)?.defaultValue ?? .null
    }

    /// Sets the stored value of the attribute with the given wrapper number.
    @usableFromInline
    final func _setStoredValue(_ value: StoredValue, rawOrdinal: Int) {
        let ordinal = rawOrdinal &- ordinalBase
        guard let column = entityDescription.attributeColumn(ordinal: ordinal) else { return }
        setColumn(column, to: value.databaseValue)
    }

    /// The object a to-one relationship points at.
    @usableFromInline
    final func _toOne(rawOrdinal: Int) -> ManagedObject? {
        let ordinal = rawOrdinal &- ordinalBase
        guard case .relationship(let index) = entityDescription.slots[ordinal] else { return nil }
        if state.contains(.prototype) {
            KeyPathRecorder.record(ordinal: ordinal, of: entityDescription)
            // While the model is being built the relationships are not resolved yet.
            return index < entityDescription.relationships.count ? entityDescription.relationships[index].destination.prototype : nil
        }
        noteRead(ordinal: ordinal)
        let relationship = entityDescription.relationships[index]
        guard let column = relationship.column, let context else { return nil }
        if state.contains(.fault) { context.loadFaultNotingFailure(self) }
        guard case .int64(let key) = values[column].storage else { return nil }
        return context.registeredOrFault(entity: relationship.destinationIndex, key: key)
    }

    /// Points a to-one relationship at `object` (or nil), keeping the inverse in sync.
    @usableFromInline
    final func _setToOne(_ object: ManagedObject?, rawOrdinal: Int) {
        let ordinal = rawOrdinal &- ordinalBase
        guard case .relationship(let index) = entityDescription.slots[ordinal], let context else { return }
        context.setToOne(of: self, relationship: entityDescription.relationships[index], to: object)
    }

    /// The objects a to-many relationship holds.
    @usableFromInline
    final func _toMany(rawOrdinal: Int) -> [ManagedObject] {
        let ordinal = rawOrdinal &- ordinalBase
        guard case .relationship(let index) = entityDescription.slots[ordinal] else { return [] }
        if state.contains(.prototype) {
            KeyPathRecorder.record(ordinal: ordinal, of: entityDescription)
            return []
        }
        noteRead(ordinal: ordinal)
        guard let context else { return [] }
        return context.members(of: self, relationship: entityDescription.relationships[index])
    }

    /// Replaces the objects of a to-many relationship, keeping every inverse in sync.
    @usableFromInline
    final func _setToMany(_ objects: [ManagedObject], rawOrdinal: Int) {
        let ordinal = rawOrdinal &- ordinalBase
        guard case .relationship(let index) = entityDescription.slots[ordinal], let context else { return }
        context.setMembers(of: self, relationship: entityDescription.relationships[index], to: objects)
    }

    /// Writes one column, recording the change in the context (before writing, so the context
    /// keeps what it showed before).
    final func setColumn(_ column: Int, to value: DatabaseValue) {
        if _slowPath(!state.isDisjoint(with: [.fault, .prototype, .reported])) {
            if state.contains(.prototype) { return }
            if state.contains(.fault) { context?.loadFaultNotingFailure(self) }
        }
        guard column < values.count else { return }
        if !state.contains(.reported) {
            context?.noteChange(self)
        }
        if _slowPath(contextLink?.registersUndo == true) { context?.registerColumnUndo(self, column: column, newValue: value) }
        values[column] = value
    }
}
