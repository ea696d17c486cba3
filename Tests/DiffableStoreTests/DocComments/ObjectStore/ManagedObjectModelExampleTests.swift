// Guards the examples in the documentation comments of `ManagedObjectModel` and
// `PersistentContainer`: Sources/ObjectStore/Model/ManagedObjectModel.swift and
// Sources/ObjectStore/Container/PersistentContainer.swift.
import DiffableStore
import Testing

@Suite struct ManagedObjectModelExampleTests {
    final class Sport: ManagedObject {
        @Attribute var name = ""
    }
    final class Event: ManagedObject {
        @Attribute var title = ""
    }

    /// `ManagedObjectModel`'s example (ManagedObjectModel.swift), verbatim apart from the store:
    /// a file in a temporary directory instead of the default location.
    @Test func aModelListsTheEntitiesAContainerOpens() async throws {
        try await withTemporaryStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Event.self])
            let container = try PersistentContainer(name: "Scores", model: model, store: store)
            #expect(container.model.entities.map(\.name) == ["Sport", "Event"])
        }
    }

    /// `PersistentContainer`'s example (PersistentContainer.swift), verbatim apart from the
    /// file store: a file in a temporary directory instead of the default location.
    @Test func aContainerOpensAFileStoreOrAStoreInMemory() async throws {
        try await withTemporaryStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Event.self])
            let container = try PersistentContainer(name: "Scores", model: model, store: store)  // file store
            let scratch = try PersistentContainer(name: "Test", model: model, store: .inMemory)
            #expect(container.storeDescription.location == store.location)
            #expect(scratch.storeDescription.location == .inMemory)
        }
    }
}
