import Foundation
import ObjectStore

enum PredicateModel {
    static let model = ManagedObjectModel([Region.self, Club.self, Player.self, Medal.self])

    static func inMemory() throws -> PersistentContainer {
        try PersistentContainer(name: "Predicates", model: model, store: .inMemory)
    }

    static func onDisk() throws -> PersistentContainer {
        let url = TestModel.temporaryStoreURL(name: "Predicates")
        return try PersistentContainer(name: "Predicates", model: model, store: StoreDescription(location: .file(url)))
    }
}
