extension ManagedObjectContext {
    /// The instance of the object with `objectID` this context holds, if it holds one: no fault
    /// is made, nothing is read.
    package func registeredObject(with objectID: ObjectID) -> ManagedObject? {
        assertOnQueue()
        return registered[objectID]
    }

    /// Whether the object with `objectID` is registered with its values loaded.
    package func hasLoadedObject(with objectID: ObjectID) -> Bool {
        guard let object = registered[objectID] else { return false }
        return !object.state.contains(.fault)
    }
}
