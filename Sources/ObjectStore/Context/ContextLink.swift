/// The one weak reference to a context that all of its objects share.
///
/// Every object needs to reach its context without keeping it alive. A weak reference per object
/// costs a side-table update on creation and makes every strong retain of the context take the
/// slow path; a shared link costs one ordinary retain per object.
final class ContextLink {
    weak var context: ManagedObjectContext?
    /// Whether the context's undo manager records changes (read on every write of a column).
    var registersUndo = false

    init(_ context: ManagedObjectContext) {
        self.context = context
    }
}
