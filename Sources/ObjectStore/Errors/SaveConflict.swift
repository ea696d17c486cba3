/// One object whose save collided with a change saved by another context.
public struct SaveConflict: Sendable, Hashable, CustomStringConvertible {
    /// What the other context did to the object.
    public enum Kind: Sendable, Hashable {
        /// The other context changed some of the same keys.
        case updatedElsewhere
        /// The other context deleted the object.
        case deletedElsewhere
    }

    /// The object that could not be saved.
    public var objectID: ObjectID
    /// The keys both contexts changed (empty for ``Kind/deletedElsewhere``, or when this context
    /// deletes an object another context changed).
    public var keys: Set<String>
    /// What the other context did.
    public var kind: Kind

    /// Creates a conflict record.
    public init(objectID: ObjectID, keys: Set<String>, kind: Kind) {
        self.objectID = objectID
        self.keys = keys
        self.kind = kind
    }

    /// A sentence naming the object and the keys; the message of
    /// ``ObjectStoreError/saveConflict(_:)`` follows it with what to do.
    public var description: String {
        switch kind {
        case .updatedElsewhere:
            let keyList = keys.sorted().joined(separator: ", ")
            return "The object \(objectID) was changed by another context (keys: \(keyList.isEmpty ? "object deleted here" : keyList))."
        case .deletedElsewhere:
            return "The object \(objectID) was deleted by another context."
        }
    }
}
