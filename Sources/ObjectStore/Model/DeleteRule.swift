/// What deleting an object does to the objects a relationship points at.
public enum DeleteRule: String, Sendable, Hashable, Codable {
    /// Remove the deleted object from the related objects' inverse (the default).
    case nullify
    /// Delete the related objects too.
    case cascade
    /// Refuse to save while the relationship still points at any object
    /// (``ValidationFailure/deleteDenied(_:relationship:related:)``).
    case deny
    /// Do nothing: the related objects keep pointing at the deleted object.
    case noAction
}
