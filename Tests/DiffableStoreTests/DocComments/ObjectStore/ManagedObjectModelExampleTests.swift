// Guards the examples in the documentation comments of `ManagedObjectModel` and
// `PersistentContainer`: Sources/ObjectStore/Model/ManagedObjectModel.swift and
// Sources/ObjectStore/Container/PersistentContainer.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct ManagedObjectModelExampleTests {
    final class Sport: ManagedObject {
        @Attribute var name = ""
    }
    final class Event: ManagedObject {
        @Attribute var title = ""
    }

    /// A store file in a directory of its own, removed after the test.
    func withStoreFile(_ body: (StoreDescription) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(StoreDescription(location: .file(directory.appendingPathComponent("Scores.sqlite"))))
    }

    /// `ManagedObjectModel`'s example (ManagedObjectModel.swift), verbatim apart from the store:
    /// a file in a temporary directory instead of the default location.
    @Test func aModelListsTheEntitiesAContainerOpens() throws {
        try withStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Event.self])
            let container = try PersistentContainer(name: "Scores", model: model, store: store)
            #expect(container.model.entities.map(\.name) == ["Sport", "Event"])
        }
    }

    /// `PersistentContainer`'s example (PersistentContainer.swift), verbatim apart from the
    /// file store: a file in a temporary directory instead of the default location.
    @Test func aContainerOpensAFileStoreOrAStoreInMemory() throws {
        try withStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Event.self])
            let container = try PersistentContainer(name: "Scores", model: model, store: store)  // file store
            let scratch = try PersistentContainer(name: "Test", model: model, store: .inMemory)
            #expect(container.storeDescription.location == store.location)
            #expect(scratch.storeDescription.location == .inMemory)
        }
    }
}
