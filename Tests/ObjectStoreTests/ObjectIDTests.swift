import Foundation
import ObjectStore
import Testing

/// Object IDs are plain data: no reference inside, the same identity as before.
@MainActor @Suite struct ObjectIDTests {
    /// Compiles only for bitwise-copyable types.
    private func plainBytes<T: BitwiseCopyable>(_ value: T) -> Int { MemoryLayout.size(ofValue: value) }

    @Test func anObjectIDIsTwelveBytesOfPlainData() throws {
        let container = try TestModel.inMemory()
        let id = try container.viewContext.insert(Event.self).objectID
        #expect(plainBytes(id) == 12)
        #expect(MemoryLayout<ObjectID>.stride == 16)
        #expect(_isPOD(ObjectID.self))
    }

    @Test func idsOfTwoStoresWithTheSameKeyDifferAndEqualIDsHashAlike() throws {
        let first = try TestModel.inMemory()
        let second = try TestModel.inMemory()
        let a = try first.viewContext.insert(Event.self).objectID
        let b = try second.viewContext.insert(Event.self).objectID
        #expect(a.key == b.key)
        #expect(a != b)
        #expect(a.entity.name == b.entity.name)
        #expect(a.storeIdentifier == first.storeIdentifier && b.storeIdentifier == second.storeIdentifier)
        let again = try first.managedObjectID(forURIRepresentation: a.uriRepresentation())
        #expect(again == a)
        #expect(again.hashValue == a.hashValue)
        var left = Hasher()
        var right = Hasher()
        left.combine(a)
        right.combine(again)
        #expect(left.finalize() == right.finalize())
        #expect(Set([a, b, again]).count == 2)
        #expect([a: 1, b: 2][again] == 1)
    }

    @Test func anIDKnowsItsEntityAndStoreAfterTheContainerIsGone() throws {
        var id: ObjectID?
        var storeIdentifier: UUID?
        do {
            let container = try TestModel.inMemory()
            id = try container.viewContext.insert(Event.self).objectID
            storeIdentifier = container.storeIdentifier
        }
        #expect(id?.entity.name == "Event")
        #expect(id?.storeIdentifier == storeIdentifier)
    }

    @Test func idsMadeOnManyThreadsStayDistinctAndResolve() async throws {
        let ids = try await withThrowingTaskGroup(of: ObjectID.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let container = try TestModel.inMemory()
                    let context = container.newBackgroundContext()
                    return try context.performAndWait { try context.insert(Event.self).objectID }
                }
            }
            var ids: [ObjectID] = []
            for try await id in group { ids.append(id) }
            return ids
        }
        #expect(Set(ids).count == 16)
        #expect(ids.allSatisfy { $0.entity.name == "Event" })
    }
}
