extension ManagedObjectContext {
    /// Gives the loaded objects of rows a save did not write the derived values the save's commit
    /// computed for them (their change set lists them for the other contexts). An object keeps
    /// its unsaved edits, which never touch derived attributes, and takes the row's new version
    /// only when it held the one before.
    func takeDerivedValues(_ updates: [CommitOutcome.DerivedUpdate]) {
        for update in updates {
            guard let object = registered[objectID(entity: update.entity.index, key: update.key)],
                  !object.state.contains(.fault) else { continue }
            for column in update.columns {
                object.values[column] = update.after[column]
                object.committedValues[column] = update.after[column]
            }
            if object.version == update.version - 1 { object.version = update.version }
        }
    }
}
