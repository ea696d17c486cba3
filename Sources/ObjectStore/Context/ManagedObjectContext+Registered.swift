extension ManagedObjectContext {
    /// The instance of the object with `objectID` this context holds, if it holds one: no fault
    /// is made, nothing is read.
    package func registeredObject(with objectID: ObjectID) -> ManagedObject? {
        assertOnQueue()
        return registered[objectID]
    }

    /// Whether this context holds no values of the object with `objectID`: no instance of it, or
    /// a fault and nothing more (no unsaved change, not deleted, not missing); a fault's first
    /// read loads the row as it is then.
    package func holdsNoValues(of objectID: ObjectID) -> Bool {
        guard let object = registered[objectID] else { return true }
        return object.state == .fault
    }

    /// Whether the object with `objectID` is registered with its values loaded.
    package func hasLoadedObject(with objectID: ObjectID) -> Bool {
        guard let object = registered[objectID] else { return false }
        return !object.state.contains(.fault)
    }
}
