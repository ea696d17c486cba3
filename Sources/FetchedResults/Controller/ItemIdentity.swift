import ObjectStore

/// How a controller identifies its items: by object ID, or by an attribute of the object.
enum ItemIdentity<ResultType: ManagedObject, ItemIdentifierType: Hashable & Sendable> {
    /// `ItemIdentifierType` is `ObjectID`.
    case objectID
    /// A stored attribute of the entity.
    case attribute(KeyPath<ResultType, ItemIdentifierType>)

    /// The identifier of an object that is loaded (or faults in when read).
    func identifier(of object: ResultType) -> ItemIdentifierType {
        switch self {
        case .objectID: object.objectID as! ItemIdentifierType
        case .attribute(let keyPath): object[keyPath: keyPath]
        }
    }
}
