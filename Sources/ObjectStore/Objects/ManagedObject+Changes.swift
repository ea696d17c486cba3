extension ManagedObject {
    /// Whether saving would write something for this object.
    var hasChangesToSave: Bool {
        let inserted = state.contains(.inserted), deleted = state.contains(.deleted)
        if inserted || deleted { return inserted != deleted }
        return !changedColumns().isEmpty
    }
}
