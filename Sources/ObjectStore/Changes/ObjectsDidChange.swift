/// A context's unsaved changes since the last notice (Core Data's objects-did-change).
///
/// Published on the context's queue when it processes pending changes: at the end of each turn of
/// its queue in which objects changed, before a save, and after a merge refreshed or invalidated
/// objects.
public struct ObjectsDidChange: Sendable {
    /// The context whose objects changed.
    public let context: ContextIdentifier
    /// Objects inserted since the last notice.
    public let insertedObjectIDs: Set<ObjectID>
    /// Objects whose values changed since the last notice.
    public let updatedObjectIDs: Set<ObjectID>
    /// Objects deleted since the last notice.
    public let deletedObjectIDs: Set<ObjectID>
    /// Objects whose values were replaced by a merge or refresh.
    public let refreshedObjectIDs: Set<ObjectID>
    /// Objects that no longer exist (deleted by another context's save).
    public let invalidatedObjectIDs: Set<ObjectID>
}
