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

    /// The object's observation tracking, once a property was read.
    final var observation: ObjectObservation? {
        observationStorage?.takeUnretainedValue()
    }

    /// Registers a read of the property with `ordinal` with observation tracking.
    @inline(__always)
    final func noteRead(ordinal: Int) {
        guard let storage = observationStorage else { return startObservation(ordinal: ordinal) }
        storage._withUnsafeGuaranteedRef { $0.access(self, ordinal: ordinal) }
    }

    /// The first read: makes the object's observation tracking, and has the context notify it.
    @inline(never)
    private func startObservation(ordinal: Int) {
        let observation = ObjectObservation()
        observationStorage = Unmanaged.passRetained(observation)
        context?.startNotifyingObservedObjects()
        observation.access(self, ordinal: ordinal)
    }
}
