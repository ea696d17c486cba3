import DiffableSupport

/// Turns Swift key paths into property names by evaluating them on prototype objects.
///
/// A prototype's property getters do not read data: they append the property they stand for to
/// the recording and return a placeholder (for a to-one relationship, the destination's prototype,
/// so paths such as `\Event.sport?.name` record `["sport", "name"]`). Evaluations are serialised
/// by a lock and cached, so each key path is evaluated once per process.
enum KeyPathRecorder {
    private struct Recording {
        var names: [String] = []
        var cache: [CacheKey: [String]] = [:]
    }

    private struct CacheKey: Hashable {
        var keyPath: AnyKeyPath
        var entity: ObjectIdentifier
    }

    private static let state = Locked(Recording())
    /// The recording in progress; touched only by the thread that holds `state`'s lock.
    nonisolated(unsafe) private static var current: [String] = []

    /// The property names `keyPath` walks through, starting at `entity`, or nil when it is not a
    /// path of persistent properties.
    static func propertyNames(of keyPath: AnyKeyPath, on entity: EntityDescription) -> [String]? {
        state.withLock { recording in
            let key = CacheKey(keyPath: keyPath, entity: ObjectIdentifier(entity))
            if let cached = recording.cache[key] { return cached }
            guard let prototype = entity.prototype else { return nil }
            current = []
            _ = prototype[keyPath: keyPath]
            let names = current
            current = []
            guard !names.isEmpty else { return nil }
            recording.cache[key] = names
            return names
        }
    }

    /// Called by prototype getters while a key path is evaluated.
    static func record(ordinal: Int, of entity: EntityDescription) {
        current.append(entity.propertyNamesByOrdinal[ordinal])
    }
}
