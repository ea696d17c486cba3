import Observation

/// The observation tracking of one object: the registrar its property reads register with, and
/// which properties were read, so that a change notifies only the properties someone may track.
///
/// Made on the object's first property read and confined, like the object, to its context's
/// queue.
final class ObjectObservation {
    let registrar = ObservationRegistrar()
    /// One bit per property ordinal read so far; ordinals from 63 on share the last bit.
    private var readOrdinals: UInt64 = 0

    /// Registers a read of the property with `ordinal` with the tracking running on this thread,
    /// if any.
    @inline(__always)
    func access(_ object: ManagedObject, ordinal: Int) {
        readOrdinals |= Self.bit(ordinal)
        registrar.access(object, keyPath: object.entityDescription.observationKeys.keyPaths[ordinal])
    }

    /// Tells the observers of the properties of `object` named `keys` that they changed.
    func notify(_ object: ManagedObject, keys: Set<String>) {
        let ordinals = object.entityDescription.observationKeys.ordinals
        for key in keys {
            if let ordinal = ordinals[key] { notify(object, ordinal: ordinal) }
        }
    }

    /// Tells the observers of every property of `object` that it changed (the object was deleted,
    /// or its values were read again).
    func notifyAll(_ object: ManagedObject) {
        for ordinal in object.entityDescription.observationKeys.keyPaths.indices {
            notify(object, ordinal: ordinal)
        }
    }

    private func notify(_ object: ManagedObject, ordinal: Int) {
        guard readOrdinals & Self.bit(ordinal) != 0 else { return }
        let keyPath = object.entityDescription.observationKeys.keyPaths[ordinal]
        registrar.willSet(object, keyPath: keyPath)
        registrar.didSet(object, keyPath: keyPath)
    }

    @inline(__always)
    private static func bit(_ ordinal: Int) -> UInt64 {
        1 << UInt64(truncatingIfNeeded: min(ordinal, 63))
    }
}
