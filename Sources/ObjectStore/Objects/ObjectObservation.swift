import Observation

/// The observation tracking of one object: the registrar its property reads register with, and
/// which properties were read, so that a change notifies only the properties someone may track.
///
/// Made on the object's first property read and confined, like the object, to its context's
/// queue.
final class ObjectObservation {
    /// One bit per property ordinal read so far; ordinals from 63 on share the last bit. (Before
    /// the registrar, whose size is known only at run time, so that reads find it at a fixed
    /// offset.)
    @exclusivity(unchecked) private var readOrdinals: UInt64 = 0
    let registrar = ObservationRegistrar()

    /// Registers a read of the property with `ordinal` with the tracking running on this thread,
    /// if any (when none, the registrar only finds that out).
    @inline(__always)
    func access(_ object: ManagedObject, ordinal: Int) {
        let bit = Self.bit(ordinal)
        if readOrdinals & bit == 0 { readOrdinals |= bit }
        object.entityDescription.observationKeys.unretainedKeyPaths[ordinal]._withUnsafeGuaranteedRef {
            registrar.access(object, keyPath: $0)
        }
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
