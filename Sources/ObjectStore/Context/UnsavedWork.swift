/// What a context keeps between saves about the work it has not saved yet: the objects and
/// many-to-many links with unsaved changes, deletes whose rules still need applying, and the read
/// error met where it could not be thrown.
///
/// A save, a rollback and a reset all end the same way: ``discard()``. (The objects' own flags
/// are each operation's business: a save keeps the objects, a rollback reverts them, a reset
/// forgets them.)
struct UnsavedWork {
    /// Objects flagged `.pending`: inserted, deleted or written since the last save.
    var objects: PendingObjects
    /// Unsaved changes of many-to-many links: true for added, false for removed.
    var links: [LinkKey: Bool] = [:]
    /// Deleted objects whose delete rules could not be applied because reading failed; the next
    /// save applies them first (and fails if it still cannot).
    var deletesAwaitingRules: [ManagedObject] = []
    /// The latest read error met by work that cannot throw (property getters, in-memory predicate
    /// evaluation), until a throwing operation reports it.
    var readFailure: ObjectStoreError?
    /// How many read errors were met so far; only grows, so an operation can tell whether one
    /// was met while it ran.
    private(set) var readFailureCount = 0

    init(entityCount: Int) {
        objects = PendingObjects(entityCount: entityCount)
    }

    /// Whether nothing is waiting to be saved: no object and no link has an unsaved change.
    var isEmpty: Bool {
        objects.all.isEmpty && links.isEmpty
    }

    /// Records a read error met where it cannot be thrown.
    mutating func noteReadFailure(_ error: ObjectStoreError) {
        readFailure = error
        readFailureCount += 1
    }

    /// The recorded read error, which is then forgotten.
    mutating func takeReadFailure() -> ObjectStoreError? {
        defer { readFailure = nil }
        return readFailure
    }

    /// Forgets all unsaved work (the read-error count keeps counting).
    mutating func discard() {
        objects.removeAll()
        links.removeAll()
        deletesAwaitingRules.removeAll()
        readFailure = nil
    }
}
