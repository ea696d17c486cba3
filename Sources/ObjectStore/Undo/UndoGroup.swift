/// The steps one undo (or redo) reverses together, in the order they were registered, and the
/// name of the action they make up.
struct UndoGroup {
    var steps: [UndoStep] = []
    var actionName = ""

    /// Takes in a nested group that ended: its steps become part of this group, and its name
    /// names this group unless this one has a name of its own.
    mutating func absorb(_ nested: UndoGroup) {
        steps.append(contentsOf: nested.steps)
        if actionName.isEmpty { actionName = nested.actionName }
    }
}
