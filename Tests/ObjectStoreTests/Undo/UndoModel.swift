import ObjectStore
import StoreBackends

/// A folder of notes: deleting it deletes its notes.
final class UndoFolder: ManagedObject {
    @Attribute var name = ""
    @Relationship(deleteRule: .cascade, inverse: \UndoNote.folder) var notes: Set<UndoNote>
}

/// A note in at most one folder, with any number of tags; a save raises a negative rank to 0.
final class UndoNote: ManagedObject {
    @Attribute var title = ""
    @Attribute var rank = 0
    @Relationship(deleteRule: .nullify) var folder: UndoFolder?
    @Relationship(deleteRule: .nullify) var tags: Set<UndoTag>

    override func willSave() {
        if !isDeleted && rank < 0 { rank = 0 }
    }
}

/// A tag of any number of notes.
final class UndoTag: ManagedObject {
    @Attribute var label = ""
    @Relationship(deleteRule: .nullify, inverse: \UndoNote.tags) var notes: Set<UndoNote>
}

enum UndoModel {
    static let model = ManagedObjectModel([UndoFolder.self, UndoNote.self, UndoTag.self])

    /// A container of the model on a new store of `backend`, and a background context of it
    /// with an undo manager.
    static func undoableContext(on backend: StoreBackend) async throws -> (PersistentContainer, ManagedObjectContext) {
        let container = try await backend.container(name: "Undo", model: model)
        return (container, .undoable(in: container))
    }
}

extension ManagedObjectContext {
    /// A new background context of `container` with an undo manager.
    static func undoable(in container: PersistentContainer) -> ManagedObjectContext {
        let context = container.newBackgroundContext()
        context.performAndWait { context.undoManager = ObjectUndoManager() }
        return context
    }

    /// The titles of the notes the context shows (unsaved changes included), sorted.
    func noteTitles() throws -> [String] {
        try fetch(FetchRequest<UndoNote>()).map(\.title).sorted()
    }
}
