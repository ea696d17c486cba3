import Foundation
import ObjectStore

/// A model for the persistent history tests: notes, with preserved attributes, in folders.
enum HistoryModel {
    final class Folder: ManagedObject {
        @Attribute var title = ""
        @Relationship(deleteRule: .nullify, inverse: \Note.folder) var notes: Set<Note>
        override class var entityName: String { "HistoryFolder" }
    }

    final class Note: ManagedObject {
        @Attribute(.unique) var code = ""
        @Attribute(.preservesValueAfterDeletion) var title = ""
        @Attribute(.preservesValueAfterDeletion) var remark: String?
        @Attribute var body = ""
        @Relationship var folder: Folder?
        override class var entityName: String { "HistoryNote" }
    }

    static let model = ManagedObjectModel([Folder.self, Note.self])

    /// A container on `url` (a new temporary file when nil), tracking history unless told not to.
    static func container(at url: URL? = nil, tracking: Bool = true) throws -> (PersistentContainer, URL) {
        let url = url ?? TestModel.temporaryStoreURL(name: "History")
        var description = StoreDescription(location: .file(url))
        description.persistentHistoryTracking = tracking
        return (try PersistentContainer(name: "History", model: model, store: description), url)
    }
}

extension ManagedObjectContext {
    /// Inserts a note with `code` (and `title`) and saves; returns its ID.
    func savedNote(code: String, title: String = "") throws -> ObjectID {
        let note = try insert(HistoryModel.Note.self)
        note.code = code
        note.title = title
        try save()
        return note.objectID
    }

    /// The token of the newest transaction in the history, failing when there is none.
    func lastHistoryToken() throws -> HistoryToken {
        guard let token = try fetchHistory(after: nil).last?.token else { throw HistoryTestError.noHistory }
        return token
    }
}

enum HistoryTestError: Error {
    case noHistory
}
