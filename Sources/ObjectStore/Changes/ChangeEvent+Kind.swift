extension ChangeEvent {
    /// The kind of transition an event reports.
    public enum Kind: Sendable, Hashable {
        /// Unsaved inserts, updates and deletes made in the context since its last event,
        /// processed at the end of the queue turn that made them, or earlier by
        /// ``ManagedObjectContext/processPendingChanges()``, a save, a fetch or another event.
        /// Edits to an object inserted in an earlier event are updates.
        case pendingChanges
        /// The context saved (to the store, or into its parent). The lists are the save's
        /// ``ChangeSet``: the context showed these changes already, as pending; now they are
        /// committed. Refreshed and invalidated objects are those the merge policy changed.
        case save
        /// A save of another context was merged: from the store for a root context, from its
        /// parent for a child. The lists are every object the save touched.
        case merge
        /// A child context saved into this one. Its changes are unsaved changes here.
        case childSave
        /// ``ManagedObjectContext/refresh(_:mergeChanges:)`` replaced an object's values.
        case refresh
        /// ``ManagedObjectContext/rollback()`` discarded the unsaved changes.
        case rollback
        /// Commits of other containers that the persistent history no longer holds, or never held
        /// (``ChangeSet/isResync``), were merged: what changed is unknown. Every loaded object
        /// without unsaved changes became a fault (listed as refreshed) and reads the store
        /// again; observers must read again what they show (fetched results controllers refetch
        /// and deliver the difference, marked as a resync).
        case resync
        /// ``ManagedObjectContext/reset()`` forgot every object: the lists name the objects
        /// whose unsaved changes were discarded, and every object held is invalidated. Fetch
        /// again.
        case reset
    }
}
