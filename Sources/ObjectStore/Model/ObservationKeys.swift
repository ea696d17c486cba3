/// The key paths that observation tracking records for an entity's properties, one per property
/// ordinal, and the ordinals by property name (the names change events list).
///
/// Each key path is `\ManagedObject.[observedProperty: ordinal]`: equal for every object of the
/// entity, told apart per object by the object's own registrar.
struct ObservationKeys {
    let keyPaths: [KeyPath<ManagedObject, (any Sendable)?>]
    /// `keyPaths` (which holds them) for reads, which pass them on without retaining them.
    let unretainedKeyPaths: [Unmanaged<KeyPath<ManagedObject, (any Sendable)?>>]
    let ordinals: [String: Int]

    init(propertyNamesByOrdinal names: [String]) {
        keyPaths = names.indices.map { \ManagedObject.[observedProperty: ObservedProperty(ordinal: $0)] }
        unretainedKeyPaths = keyPaths.map { Unmanaged.passUnretained($0) }
        ordinals = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Names one property of an object in an observation key path.
struct ObservedProperty: Hashable, Sendable {
    let ordinal: Int
}
