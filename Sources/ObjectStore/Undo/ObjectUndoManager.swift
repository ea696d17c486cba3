import DiffableSupport

/// Records a context's changes so that they can be undone and redone, with the names and
/// behaviour of Foundation's `UndoManager` (which Linux does not have).
///
/// A context records nothing until you give it an undo manager:
///
/// ```swift
/// context.undoManager = ObjectUndoManager()
/// let event = try context.insert(Event.self)   // this turn's changes: one group
/// event.title = "Final"
/// context.undo()                                // the event is gone again
/// context.redo()                                // and back, with the same ObjectID
/// ```
///
/// Inserts, attribute changes, deletions (with what their delete rules did) and relationship
/// changes of both sides are recorded. Undo and redo change the objects like any edit: the
/// change stream reports them (controllers deliver the undone state), and the next save writes
/// them. See <doc:UndoAndRedo>.
///
/// **Groups.** With ``groupsByEvent`` (the default), each turn of the context's queue is one
/// group: the changes made from the first change until the context's queue runs again, which
/// for the changes of one `perform` or `performAndWait` block (or one main-actor job of the view
/// context) is that block. ``beginUndoGrouping()`` and ``endUndoGrouping()`` group changes
/// yourself; turn ``groupsByEvent`` off to make each of your groups one action.
///
/// **Confinement.** A manager serves one context and, once set as its
/// ``ManagedObjectContext/undoManager``, is used on that context's queue only: every member
/// that reads or changes the stacks checks it and stops the program when called elsewhere.
public final class ObjectUndoManager: Sendable {
    // Sendable: every stored value lives under the lock. The objects the steps refer to belong
    // to the owner context; only members that first check they run on its queue touch them.
    private let stacks = Locked(UndoStacks())

    /// A manager with empty stacks that groups changes by event and keeps every level of undo.
    public init() {}

    // MARK: Settings

    /// The most groups the undo stack (and the redo stack) keeps; the oldest go first. 0, the
    /// default, keeps all of them.
    public var levelsOfUndo: Int {
        get { stacks.withLock { $0.levelsOfUndo } }
        set {
            programmerPrecondition(newValue >= 0, "ObjectUndoManager.levelsOfUndo was set to \(newValue); use 0 for no limit or a positive number of groups.")
            stacks.withLock {
                $0.levelsOfUndo = newValue
                $0.trim(\.undoStack)
                $0.trim(\.redoStack)
            }
        }
    }

    /// Whether the context groups each turn of its queue's changes into one group (true by
    /// default). When false, every change must be made inside ``beginUndoGrouping()`` and
    /// ``endUndoGrouping()``: a change made with no group open stops the program.
    public var groupsByEvent: Bool {
        get { stacks.withLock { $0.groupsByEvent } }
        set { stacks.withLock { $0.groupsByEvent = newValue } }
    }

    // MARK: State

    /// Whether ``undo()`` has a group to reverse.
    public var canUndo: Bool {
        checkQueue()
        return stacks.withLock { $0.nextUndo != nil }
    }

    /// Whether ``redo()`` has a group to reverse.
    public var canRedo: Bool {
        checkQueue()
        return stacks.withLock { !$0.redoStack.isEmpty }
    }

    /// Whether an ``undo()`` is running (its changes are recorded for redo).
    public var isUndoing: Bool { stacks.withLock { $0.mode == .undoing } }

    /// Whether a ``redo()`` is running (its changes are recorded for undo).
    public var isRedoing: Bool { stacks.withLock { $0.mode == .redoing } }

    /// How many groups are open: the turn's group and those begun with ``beginUndoGrouping()``.
    public var groupingLevel: Int {
        checkQueue()
        return stacks.withLock { $0.openGroups.count }
    }

    /// Whether changes are recorded: false between ``disableUndoRegistration()`` and the
    /// matching ``enableUndoRegistration()``.
    public var isUndoRegistrationEnabled: Bool { stacks.withLock { $0.disabledCount == 0 } }

    /// The name of the action ``undo()`` would reverse ("" when it has none).
    public var undoActionName: String {
        checkQueue()
        return stacks.withLock { $0.nextUndo?.actionName ?? "" }
    }

    /// The name of the action ``redo()`` would reverse ("" when it has none).
    public var redoActionName: String {
        checkQueue()
        return stacks.withLock { $0.redoStack.last?.actionName ?? "" }
    }

    // MARK: Grouping

    /// Names the action being recorded (the innermost open group), or the last one recorded when
    /// no group is open; a menu shows it as "Undo \(name)".
    public func setActionName(_ name: String) {
        checkQueue()
        stacks.withLock { stacks in
            if !stacks.openGroups.isEmpty {
                stacks.openGroups[stacks.openGroups.count - 1].actionName = name
            } else if !stacks.undoStack.isEmpty {
                stacks.undoStack[stacks.undoStack.count - 1].actionName = name
            }
        }
    }

    /// Opens a group: the changes made until the matching ``endUndoGrouping()`` are undone
    /// together. Groups nest; a group begun inside another (or inside the turn's group) becomes
    /// part of it.
    public func beginUndoGrouping() {
        checkQueue()
        stacks.withLock { $0.beginGroup() }
    }

    /// Closes the group the last ``beginUndoGrouping()`` opened.
    ///
    /// - Precondition: a group begun with ``beginUndoGrouping()`` is open.
    public func endUndoGrouping() {
        let owner = checkQueue()
        let turnGroupLeft = stacks.withLock { stacks -> Bool? in
            guard stacks.openGroups.count > (stacks.automaticGroupOpen ? 1 : 0) else { return nil }
            stacks.endGroup()
            return stacks.automaticGroupOpen && stacks.openGroups.count == 1
        }
        guard let turnGroupLeft else {
            programmerError("ObjectUndoManager.endUndoGrouping() was called with no group open that beginUndoGrouping() began; call them in pairs.")
        }
        // The turn's group ends at the end of a turn, now that nothing is open inside it.
        if turnGroupLeft { owner?.scheduleTurnEnd() }
    }

    // MARK: Undo and redo

    /// Reverses the last group of changes, which becomes the next ``redo()``.
    ///
    /// Closes the turn's group first (so that an undo reverses the changes made just before it
    /// in the same turn). The changes made before the call and the undo's own are each reported
    /// as a pending-changes event of the context's change stream before the call returns.
    ///
    /// - Precondition: no group begun with ``beginUndoGrouping()`` is open.
    public func undo() {
        run(.undoing, from: \.undoStack, into: \.redoStack, "undo()")
    }

    /// Reverses the last ``undo()``, which becomes undoable again.
    ///
    /// - Precondition: no group begun with ``beginUndoGrouping()`` is open.
    public func redo() {
        run(.redoing, from: \.redoStack, into: \.undoStack, "redo()")
    }

    /// Empties the undo and redo stacks (what open groups recorded too).
    public func removeAllActions() {
        checkQueue()
        stacks.withLock { $0.removeAll() }
    }

    // MARK: Registration

    /// Stops recording changes until the matching ``enableUndoRegistration()``; calls nest.
    public func disableUndoRegistration() {
        stacks.withLock { $0.disabledCount += 1 }
    }

    /// Records changes again once every ``disableUndoRegistration()`` is matched.
    ///
    /// - Precondition: registration was disabled.
    public func enableUndoRegistration() {
        let balanced = stacks.withLock { stacks -> Bool in
            guard stacks.disabledCount > 0 else { return false }
            stacks.disabledCount -= 1
            return true
        }
        programmerPrecondition(balanced, "ObjectUndoManager.enableUndoRegistration() was called more often than disableUndoRegistration(); call them in pairs.")
    }

    // MARK: Context side

    /// Records a step for the owner context; see ``UndoStacks/register(_:)``.
    func register(_ step: UndoStep) -> Bool? {
        stacks.withLock { $0.register(step) }
    }

    /// Ends the group the owner context opened for the turn that ends.
    func endTurn() {
        stacks.withLock { $0.endTurn() }
    }

    /// Makes `context` the owner.
    ///
    /// - Precondition: the manager serves no other context.
    func attach(to context: ManagedObjectContext) {
        let other = stacks.withLock { stacks -> ManagedObjectContext? in
            if let owner = stacks.owner, owner !== context { return owner }
            stacks.owner = context
            return nil
        }
        if let other {
            programmerError("An ObjectUndoManager serves one context: this one is the undo manager of \(other.identifier), so it cannot be set on \(context.identifier). Give each context its own.")
        }
    }

    /// Leaves the owner context, forgetting what was recorded of it (the settings stay).
    func detach() {
        stacks.withLock { stacks in
            stacks.removeAll()
            stacks.openGroups.removeAll()
            stacks.automaticGroupOpen = false
            stacks.owner = nil
        }
    }

    /// Forgets every recorded step when any refers to one of `ids` (nil: in any case).
    func removeAllActions(ifAnyRefersTo ids: Set<ObjectID>?, in context: ManagedObjectContext) {
        stacks.withLock { stacks in
            guard !stacks.isEmpty else { return }
            if let ids, !stacks.refersToAny(of: ids, in: context) { return }
            stacks.removeAll()
        }
    }

    /// Stops the program unless the caller runs on the owner context's queue; returns the owner
    /// (nil while the manager serves no context, when there is nothing to confine).
    @discardableResult
    private func checkQueue(_ function: StaticString = #function) -> ManagedObjectContext? {
        let owner = stacks.withLock { $0.owner }
        if let owner {
            programmerPrecondition(owner.isOnQueue, "ObjectUndoManager.\(function) was called off \(owner.queueDescription), the queue of the context it serves. Call it inside the context's perform { } (on the main actor for the view context).")
        }
        return owner
    }

    /// Undoes or redoes: takes the last group of `source`, applies the reverse of its steps
    /// (recorded meanwhile as a new group) and pushes that group onto `target`.
    private func run(_ mode: UndoStacks.Mode, from source: WritableKeyPath<UndoStacks, [UndoGroup]>, into target: WritableKeyPath<UndoStacks, [UndoGroup]>, _ function: StaticString) {
        guard let context = checkQueue(function) else { return }
        let ready = stacks.withLock { stacks -> Bool in
            stacks.endTurn()
            return stacks.openGroups.isEmpty && stacks.mode == .recording
        }
        programmerPrecondition(ready, "ObjectUndoManager.\(function) was called while an undo group begun with beginUndoGrouping() is open, or during another undo or redo; call endUndoGrouping() first.")
        context.processPendingChanges()
        let group = stacks.withLock { stacks -> UndoGroup? in
            guard let group = stacks[keyPath: source].popLast() else { return nil }
            stacks.mode = mode
            stacks.building = UndoGroup(actionName: group.actionName)
            return group
        }
        guard let group else { return }
        context.applyUndoSteps(group.steps)
        stacks.withLock { stacks in
            let built = stacks.building
            stacks.mode = .recording
            stacks.push(built, onto: target)
            stacks.building = UndoGroup()
        }
        context.processPendingChanges()
    }
}
