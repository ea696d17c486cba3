import Foundation
import ObjectStore
import Testing

enum MigrationV1 {
    final class Item: ManagedObject {
        @Attribute var name = ""
        override class var entityName: String { "Item" }
    }
    static let model = ManagedObjectModel([Item.self])
}

enum MigrationV2 {
    final class Item: ManagedObject {
        @Attribute var name = ""
        @Attribute(.indexed) var count = 5
        @Attribute var note: String?
        override class var entityName: String { "Item" }
    }
    final class Extra: ManagedObject {
        @Attribute var label = ""
        override class var entityName: String { "Extra" }
    }
    static let model = ManagedObjectModel([Item.self, Extra.self])
}

enum MigrationTypeChanged {
    final class Item: ManagedObject {
        @Attribute var name = 0
        override class var entityName: String { "Item" }
    }
    static let model = ManagedObjectModel([Item.self])
}

enum MigrationRequiredAdded {
    final class Item: ManagedObject {
        @Attribute var name = ""
        @Attribute var mandatory: String
        override class var entityName: String { "Item" }
    }
    static let model = ManagedObjectModel([Item.self])
}

enum MigrationEntityRemoved {
    final class Other: ManagedObject {
        @Attribute var label = ""
        override class var entityName: String { "Other" }
    }
    static let model = ManagedObjectModel([Other.self])
}

@Suite struct MigrationTests {
    private func storeWithOneItem() async throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "Migration")
        let container = try PersistentContainer(name: "M", model: MigrationV1.model, store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        try await context.perform {
            try context.insert(MigrationV1.Item.self).name = "old"
            try context.save()
        }
        return url
    }

    @Test func addedAttributesEntitiesAndIndexesMigrateWithDefaults() async throws {
        let url = try await storeWithOneItem()
        let container = try PersistentContainer(name: "M", model: MigrationV2.model, store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        let (name, count, note, extras) = try await context.perform {
            let item = try context.fetch(MigrationV2.Item.self)[0]
            let extra = try context.insert(MigrationV2.Extra.self)
            extra.label = "new"
            try context.save()
            return (item.name, item.count, item.note, try context.count(for: FetchRequest<MigrationV2.Extra>()))
        }
        #expect(name == "old" && count == 5 && note == nil && extras == 1)
    }

    /// Opening the one-item V1 store with `model` fails naming the file, `entity` and
    /// `attribute`, and leaves the file byte for byte as it was.
    private func expectIncompatible(_ model: ManagedObjectModel, entity: String, attribute: String?) async throws {
        let url = try await storeWithOneItem()
        let before = try StoreFileSnapshot.checkpointed(url)
        #expect {
            _ = try PersistentContainer(name: "M", model: model, store: StoreDescription(location: .file(url)))
        } throws: { error in
            guard case ObjectStoreError.incompatibleSchema(let path, let failedEntity, let failedAttribute, _) = error else { return false }
            return path == url.path && failedEntity == entity && failedAttribute == attribute
        }
        let after = try StoreFileSnapshot.unlogged(url)
        #expect(after == before, "files \(before.neighbours) became \(after.neighbours); bytes \(after.bytes == before.bytes ? "equal" : "changed")")
    }

    @Test func changedTypeFailsNamingEntityAndAttribute() async throws {
        try await expectIncompatible(MigrationTypeChanged.model, entity: "Item", attribute: "name")
    }

    @Test func requiredAttributeWithoutDefaultFails() async throws {
        try await expectIncompatible(MigrationRequiredAdded.model, entity: "Item", attribute: "mandatory")
    }

    @Test func removedEntityWithDataFails() async throws {
        try await expectIncompatible(MigrationEntityRemoved.model, entity: "Item", attribute: nil)
    }

    @Test func fileThatIsNotADatabaseFailsToOpen() throws {
        let url = TestModel.temporaryStoreURL(name: "Garbage")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect {
            _ = try PersistentContainer(name: "G", model: TestModel.model, store: StoreDescription(location: .file(url)))
        } throws: { error in
            guard case ObjectStoreError.notADatabase(let path, _) = error else { return false }
            return path == url.path
        }
    }

    @Test func unopenableLocationFails() {
        let url = URL(fileURLWithPath: "/proc/no-such-place/store.sqlite")
        #expect(throws: ObjectStoreError.self) {
            _ = try PersistentContainer(name: "X", model: TestModel.model, store: StoreDescription(location: .file(url)))
        }
    }

    @Test func secondProcessStyleConnectionsNeverShareKeys() async throws {
        let url = TestModel.temporaryStoreURL(name: "Keys")
        let first = try PersistentContainer(name: "K", model: TestModel.model, store: StoreDescription(location: .file(url)))
        let second = try PersistentContainer(name: "K", model: TestModel.model, store: StoreDescription(location: .file(url)))
        let a = first.newBackgroundContext(), b = second.newBackgroundContext()
        async let keysA = a.perform { try (0..<500).map { _ in try a.insert(Event.self).objectID.key } }
        async let keysB = b.perform { try (0..<500).map { _ in try b.insert(Event.self).objectID.key } }
        let all = try await keysA + keysB
        #expect(Set(all).count == 1000)
    }
}
