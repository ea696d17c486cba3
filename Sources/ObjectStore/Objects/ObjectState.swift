/// Bit flags of a managed object's lifecycle in its context.
struct ObjectState: OptionSet {
    let rawValue: UInt16

    /// Values not loaded yet; the first read loads them.
    static let fault = ObjectState(rawValue: 1 << 0)
    /// Inserted in this context and not yet saved to its parent.
    static let inserted = ObjectState(rawValue: 1 << 1)
    /// Deleted in this context and not yet saved.
    static let deleted = ObjectState(rawValue: 1 << 2)
    /// In the context's list of objects with unsaved changes.
    static let pending = ObjectState(rawValue: 1 << 3)
    /// In the context's list of changes its next pending-changes event reports.
    static let reported = ObjectState(rawValue: 1 << 4)
    /// A prototype used to read the model and resolve key paths; never stored.
    static let prototype = ObjectState(rawValue: 1 << 5)
    /// No longer usable: deleted elsewhere, saved as deleted, or its context was reset.
    static let invalid = ObjectState(rawValue: 1 << 6)
    /// Its row was missing when the fault was fulfilled.
    static let missing = ObjectState(rawValue: 1 << 7)
    /// Inserted, and no event of the context's change stream has reported it yet.
    static let unannounced = ObjectState(rawValue: 1 << 8)
    /// The context showed it (with ``ManagedObject/reportBase``) when it was last reported.
    static let wasShown = ObjectState(rawValue: 1 << 9)
    /// Another context's save deleted its row while this context kept unsaved edits of it: it
    /// has no committed values any more.
    static let goneFromParent = ObjectState(rawValue: 1 << 10)
}
