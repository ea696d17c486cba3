/// A context's unsaved changes since the last notice (Core Data's objects-did-change).
///
/// Published on the context's queue when it processes pending changes: at the end of each turn of
/// its queue in which objects changed, before a save, after a merge refreshed or invalidated
/// objects, and by ``ManagedObjectContext/rollback()`` and ``ManagedObjectContext/reset()``.
public struct ObjectsDidChange: Sendable {
    /// The context whose objects changed.
    public let context: ContextIdentifier
    /// Objects inserted since the last notice.
    public let insertedObjectIDs: Set<ObjectID>
    /// Objects whose values changed since the last notice.
    public let updatedObjectIDs: Set<ObjectID>
    /// Objects deleted since the last notice.
    public let deletedObjectIDs: Set<ObjectID>
    /// Objects whose values were replaced by a merge, a refresh, or a rollback to their saved
    /// values.
    public let refreshedObjectIDs: Set<ObjectID>
    /// Objects the context no longer holds: deleted by another context's save, inserted and then
    /// rolled back, or every object on a reset.
    public let invalidatedObjectIDs: Set<ObjectID>
}
