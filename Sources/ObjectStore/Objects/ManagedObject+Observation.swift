public import Observation

// A read of an attribute or relationship inside a tracking scope registers that property of that
// object; the context notifies it when an event of its change stream changes the property's
// value (see `ManagedObjectContext.notifyObservedObjects(of:)`).
extension ManagedObject: Observable {}

extension ManagedObject {
    /// The value of the property an observation key path names (see ``ObservationKeys``).
    subscript(observedProperty property: ObservedProperty) -> (any Sendable)? {
        value(forKeyPath: entityDescription.propertyNamesByOrdinal[property.ordinal])
    }

    /// Registers a read of the property with `ordinal` with observation tracking.
    @inline(__always)
    final func noteRead(ordinal: Int) {
        (observation ?? startObservation()).access(self, ordinal: ordinal)
    }

    @inline(never)
    private func startObservation() -> ObjectObservation {
        let observation = ObjectObservation()
        self.observation = observation
        context?.startNotifyingObservedObjects()
        return observation
    }
}
