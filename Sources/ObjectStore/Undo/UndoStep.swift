import GRDB

/// One change an undo manager can reverse: what applying it makes true again.
///
/// Applying a step is an ordinary edit of the context, which registers the step that reverses
/// it in turn (so an undo builds the redo, and a redo the next undo).
enum UndoStep {
    /// Writes `value` to a column of the object (an attribute, or the key of a to-one
    /// relationship).
    case column(ManagedObject, column: Int, value: DatabaseValue)
    /// Links or unlinks the two objects of a many-to-many link.
    case link(LinkKey, linked: Bool)
    /// Takes the object out of the object graph, as a deletion without delete rules (the
    /// reverse of an insertion).
    case remove(ManagedObject)
    /// Brings a deleted object back, with its values and its `ObjectID` (the reverse of a
    /// deletion); an object whose deletion was saved is inserted again.
    case revive(ManagedObject)

    /// The objects the step refers to.
    func objectIDs(in context: ManagedObjectContext) -> [ObjectID] {
        switch self {
        case .column(let object, _, _), .remove(let object), .revive(let object):
            return [object.objectID]
        case .link(let link, _):
            let owner = context.model.entities[link.entity]
            return [context.objectID(entity: link.entity, key: link.source),
                    context.objectID(entity: owner.relationships[link.relationship].destinationIndex, key: link.target)]
        }
    }
}
