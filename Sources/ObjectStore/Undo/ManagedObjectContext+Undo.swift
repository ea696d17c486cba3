import DiffableSupport
import GRDB

extension ManagedObjectContext {
    // MARK: Public

    /// The undo manager that records this context's changes; nil (the default) records nothing,
    /// as in Core Data. See <doc:UndoAndRedo>.
    ///
    /// Setting a manager starts recording from the next change; setting nil (or another manager)
    /// forgets what the previous one recorded. ``rollback()`` and ``reset()`` empty its stacks; a
    /// save keeps them.
    ///
    /// - Precondition: the manager serves no other context.
    public var undoManager: ObjectUndoManager? {
        get {
            assertOnQueue()
            return undoStorage
        }
        set {
            programmerPrecondition(isOnQueue, "ManagedObjectContext.undoManager was set off \(queueDescription), the queue of the context; set it inside the context's perform { } (on the main actor for the view context).")
            guard newValue !== undoStorage else { return }
            undoStorage?.detach()
            newValue?.attach(to: self)
            undoStorage = newValue
            link.registersUndo = newValue != nil
        }
    }

    /// Reverses the last group of changes: ``ObjectUndoManager/undo()`` of ``undoManager``
    /// (nothing without one).
    public func undo() {
        undoManager?.undo()
    }

    /// Reverses the last undo: ``ObjectUndoManager/redo()`` of ``undoManager`` (nothing without
    /// one).
    public func redo() {
        undoManager?.redo()
    }

    // MARK: Recording

    /// Records a change the undo manager can reverse, when one records this context's changes.
    func registerUndo(_ step: UndoStep) {
        guard link.registersUndo, let manager = undoStorage else { return }
        switch manager.register(step) {
        case true?:
            scheduleTurnEnd()
        case false?:
            break
        case nil:
            programmerError("An object of \(identifier) was changed with no undo group open while its undo manager's groupsByEvent is false; call beginUndoGrouping() before changing objects, or turn groupsByEvent on.")
        }
    }

    /// Records the reverse of writing `value` to a column of `object`, unless the column holds it
    /// already.
    func registerColumnUndo(_ object: ManagedObject, column: Int, newValue value: DatabaseValue) {
        let old = object.values[column]
        guard !StoredValueOrder.isSame(old, value) else { return }
        registerUndo(.column(object, column: column, value: old))
    }

    /// Stops recording changes while a child's save is absorbed; returns whether they were
    /// recorded.
    func suspendUndoRegistration() -> Bool {
        defer { link.registersUndo = false }
        return link.registersUndo
    }

    /// Records changes again after a child's save was absorbed, and forgets everything recorded
    /// when the save touched an object the records refer to.
    func resumeUndoRegistration(_ wasRecording: Bool, absorbing changeSet: ChangeSet) {
        link.registersUndo = wasRecording
        undoStorage?.removeAllActions(ifAnyRefersTo: touchedObjectIDs(changeSet), in: self)
    }

    /// Forgets everything recorded when a change set merged from another context touches an
    /// object the records refer to (any record, for a resync, whose changes are unknown): undoing
    /// would otherwise silently overwrite, or bring back, what the other context saved.
    func noteMergeForUndo(_ changeSet: ChangeSet) {
        undoStorage?.removeAllActions(ifAnyRefersTo: changeSet.isResync ? nil : touchedObjectIDs(changeSet), in: self)
    }

    private func touchedObjectIDs(_ changeSet: ChangeSet) -> Set<ObjectID> {
        changeSet.updatedObjectIDs.union(changeSet.deletedObjectIDs)
    }

    /// Ends the undo group of the turn that ends.
    func endUndoTurn() {
        undoStorage?.endTurn()
    }
}
