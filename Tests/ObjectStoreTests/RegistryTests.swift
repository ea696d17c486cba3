import Foundation
@testable import ObjectStore
import TestSupport
import Testing

@MainActor @Suite struct RegistryTests {
    @Test func registryMatchesADictionaryUnderRandomInsertsAndRemovals() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        var generator = SplitMix64(seed: 42)
        var registry = ObjectRegistry(entityCount: TestModel.model.entities.count)
        var reference: [ObjectID: ManagedObject] = [:]
        let pool = try (0..<300).map { _ in try context.insert(Tag.self) as ManagedObject }
            + (0..<300).map { _ in try context.insert(Venue.self) as ManagedObject }
        for step in 0..<5_000 {
            let object = pool[Int.random(in: 0..<pool.count, using: &generator)]
            if Bool.random(using: &generator) {
                registry.insert(object)
                reference[object.objectID] = object
            } else {
                registry.removeValue(forKey: object.objectID)
                reference[object.objectID] = nil
            }
            #expect(registry.count == reference.count, "step \(step)")
        }
        for object in pool {
            #expect(registry[object.objectID] === reference[object.objectID])
        }
        #expect(Set(registry.values.map(ObjectIdentifier.init)) == Set(reference.values.map(ObjectIdentifier.init)))
        registry.removeAll()
        #expect(registry.isEmpty && registry.values.isEmpty)
    }

    @Test func capacityFollowsTheLiveCountNotTheChurn() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let tag = TestModel.model.entity(for: Tag.self).index
        var registry = ObjectRegistry(entityCount: TestModel.model.entities.count)
        let resident = try (0..<8).map { _ in try context.insert(Tag.self) as ManagedObject }
        for object in resident { registry.insert(object) }
        // Thousands of objects come and go; never more than nine are registered at once.
        for _ in 0..<3_000 {
            let passing = try context.insert(Tag.self)
            registry.insert(passing)
            registry.removeValue(forKey: passing.objectID)
        }
        #expect(registry.count == 8)
        #expect(registry.capacity(entity: tag) <= 32)
        for object in resident { #expect(registry[object.objectID] === object) }
    }
}
