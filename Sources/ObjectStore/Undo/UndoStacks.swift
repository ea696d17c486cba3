/// What an ``ObjectUndoManager`` records: the undo and redo stacks, the groups open, and its
/// settings. A plain value, changed only under the manager's lock.
struct UndoStacks {
    /// What a registered step is for.
    enum Mode {
        /// An edit of the app: the step goes into the open group.
        case recording
        /// An undo is running: the step goes into the redo group it builds.
        case undoing
        /// A redo is running: the step goes into the undo group it builds.
        case redoing
    }

    /// The context the manager serves; nil until it is set as a context's ``ManagedObjectContext/undoManager``.
    weak var owner: ManagedObjectContext?
    var levelsOfUndo = 0
    var groupsByEvent = true
    /// Balance of disableUndoRegistration() over enableUndoRegistration() calls.
    var disabledCount = 0
    var undoStack: [UndoGroup] = []
    var redoStack: [UndoGroup] = []
    /// The groups begun and not ended yet, innermost last.
    var openGroups: [UndoGroup] = []
    /// Whether the outermost open group is the one the context opened for the current turn.
    var automaticGroupOpen = false
    var mode = Mode.recording
    /// The group an undo or redo builds while it runs.
    var building = UndoGroup()

    /// Records a step; returns true when it opened the turn's group (the context then makes sure
    /// the turn ends). Nil when no group is open and the app groups its changes itself.
    mutating func register(_ step: UndoStep) -> Bool? {
        guard disabledCount == 0 else { return false }
        guard mode == .recording else {
            building.steps.append(step)
            return false
        }
        redoStack.removeAll()
        var opened = false
        if openGroups.isEmpty {
            guard groupsByEvent else { return nil }
            openGroups.append(UndoGroup())
            automaticGroupOpen = true
            opened = true
        }
        openGroups[openGroups.count - 1].steps.append(step)
        return opened
    }

    mutating func beginGroup() {
        openGroups.append(UndoGroup())
    }

    /// Ends the innermost open group: into the group around it, or onto the undo stack.
    mutating func endGroup() {
        let group = openGroups.removeLast()
        if openGroups.isEmpty {
            automaticGroupOpen = false
            push(group, onto: \.undoStack)
        } else {
            openGroups[openGroups.count - 1].absorb(group)
        }
    }

    /// Ends the group the context opened for the turn, unless groups the app began inside it
    /// are still open.
    mutating func endTurn() {
        if automaticGroupOpen && openGroups.count == 1 { endGroup() }
    }

    /// Pushes a group with steps onto a stack, keeping at most `levelsOfUndo` groups on it.
    mutating func push(_ group: UndoGroup, onto stack: WritableKeyPath<UndoStacks, [UndoGroup]>) {
        guard !group.steps.isEmpty else { return }
        self[keyPath: stack].append(group)
        trim(stack)
    }

    mutating func trim(_ stack: WritableKeyPath<UndoStacks, [UndoGroup]>) {
        if levelsOfUndo > 0 && self[keyPath: stack].count > levelsOfUndo {
            self[keyPath: stack].removeFirst(self[keyPath: stack].count - levelsOfUndo)
        }
    }

    /// Empties both stacks and the groups open (which stay open).
    mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
        for index in openGroups.indices { openGroups[index].steps.removeAll() }
    }

    /// Whether any recorded step refers to one of `ids`.
    func refersToAny(of ids: Set<ObjectID>, in context: ManagedObjectContext) -> Bool {
        for group in undoStack + redoStack + openGroups {
            for step in group.steps where step.objectIDs(in: context).contains(where: ids.contains) { return true }
        }
        return false
    }

    /// The group an undo reverses: the turn's group when it is the only one open and holds
    /// steps (an undo ends it first), else the top of the undo stack.
    var nextUndo: UndoGroup? {
        if automaticGroupOpen && openGroups.count == 1 && !openGroups[0].steps.isEmpty { return openGroups[0] }
        return undoStack.last
    }

    /// Whether any step is recorded.
    var isEmpty: Bool {
        undoStack.isEmpty && redoStack.isEmpty && openGroups.allSatisfy(\.steps.isEmpty)
    }
}
