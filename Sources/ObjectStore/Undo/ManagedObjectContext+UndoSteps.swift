import GRDB

extension ManagedObjectContext {
    /// Applies the reverse of a group's steps, last first, as ordinary edits of the context
    /// (each registers its own reverse). A step whose object left the context (which only a
    /// change the records were emptied for can cause) is skipped.
    func applyUndoSteps(_ steps: [UndoStep]) {
        for step in steps.reversed() {
            switch step {
            case let .column(object, column, value):
                guard object.context === self else { continue }
                object.setColumn(column, to: value)
            case let .link(link, linked):
                let owner = core.model.entities[link.entity]
                let relationship = owner.relationships[link.relationship]
                setLink(registeredOrFault(entity: link.entity, key: link.source), relationship: relationship,
                        to: registeredOrFault(entity: relationship.destinationIndex, key: link.target), linked: linked)
            case .remove(let object):
                remove(object)
            case .revive(let object):
                revive(object)
            }
        }
    }

    /// Takes a live object out of the object graph without delete rules (what pointed at it was
    /// undone first): an unsaved insert is no longer inserted, a saved object becomes a pending
    /// deletion.
    private func remove(_ object: ManagedObject) {
        guard object.context === self, !object.state.contains(.deleted) else { return }
        noteChange(object)
        object.state.insert(.deleted)
        registerUndo(.revive(object))
    }

    /// Brings a deleted object back with its values and ObjectID: a pending deletion is dropped;
    /// an object whose deletion was saved (so it left the context) is inserted again.
    private func revive(_ object: ManagedObject) {
        if object.context === self {
            guard object.state.contains(.deleted) else { return }
            noteChange(object)
            object.state.remove(.deleted)
            registerUndo(.remove(object))
        } else if object.context == nil && object.state.contains(.invalid) {
            // A fault made for its ID meanwhile (a link restored first) gives way to the object.
            if let standIn = registered[object.objectID], standIn !== object { forget(standIn, as: [.invalid]) }
            object.state = .inserted
            object.version = 0
            object.conflictBase = [:]
            object.committedValues = object.values
            object.context = self
            registerInserted(object)
        }
    }

    /// Brings back an object whose pending deletion a child context's save undoes (the child
    /// undid a deletion it had saved into this context), with the values the child pushes.
    func reinsert(_ object: ManagedObject, values: ContiguousArray<DatabaseValue>) {
        noteChange(object)
        object.state.remove(.deleted)
        for column in values.indices { object.setColumn(column, to: values[column]) }
    }
}
