/// Which of an object's own validation methods a save called.
public enum ObjectCheck: String, Sendable, Hashable, CustomStringConvertible {
    /// ``ManagedObject/validateForInsert()``, for an object inserted since the last save.
    case insert
    /// ``ManagedObject/validateForUpdate()``, for a changed object.
    case update
    /// ``ManagedObject/validateForDelete()``, for a deleted object.
    case delete

    /// The method's name.
    public var description: String {
        switch self {
        case .insert: "validateForInsert()"
        case .update: "validateForUpdate()"
        case .delete: "validateForDelete()"
        }
    }
}
