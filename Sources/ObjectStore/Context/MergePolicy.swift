/// How a context resolves a conflict between its unsaved changes and changes another context saved.
///
/// A conflict arises when both changed the same key of an object (or one deleted an object the
/// other changed). The policy applies when saving (optimistic locking) and when merging another
/// context's change set into this context's unsaved edits.
public enum MergePolicy: Sendable, Hashable {
    /// Fail the save with ``ObjectStoreError/saveConflict(_:)`` naming objects and keys (the
    /// default). While merging, this context's edits are kept, so the conflict surfaces on save.
    case error
    /// Per key: this context's changes win; keys it did not change take the stored values. An
    /// object another context deleted is written again: its row is re-inserted, and the change set
    /// lists it as inserted.
    case mergeByPropertyObjectTrump
    /// Per key: the stored values win; keys only this context changed are still saved.
    case mergeByPropertyStoreTrump
    /// The whole in-memory object is written, replacing what is stored. An object another context
    /// deleted is re-inserted, and the change set lists it as inserted.
    case overwrite
    /// This context's changes to conflicting objects are discarded in favour of the store.
    case rollback
}
