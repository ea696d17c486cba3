import Foundation
import ObjectStore
import StoreBackends
import Testing

@Suite struct MergeReachTests {
    @Test(arguments: StoreBackend.all) func privateChildOfABackgroundContextReceivesMerges(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let writer = container.newBackgroundContext()
        let id = try await writer.perform { try writer.savedEvent(code: "p").objectID }
        let reader = container.newBackgroundContext()
        reader.automaticallyMergesChangesFromParent = true
        let child = reader.newChildContext()
        let (notices, token) = child.recordChanges()
        defer { token.cancel() }
        _ = try await child.perform { try child.existingObject(with: id, as: Event.self).title }
        try await writer.perform {
            try writer.existingObject(with: id, as: Event.self).title = "pushed"
            try writer.save()
        }
        await reader.flush()
        await child.flush()
        let title = try await child.perform { try child.existingObject(with: id, as: Event.self).title }
        #expect(title == "pushed")
        #expect(notices.values.contains { $0.refreshedObjectIDs.contains(id) })
    }

    @Test func defaultStoreFileIsNamedAfterTheContainer() {
        guard case .file(let url) = StoreDescription.defaultFile(name: "Scores").location else {
            Issue.record("the default store is not a file")
            return
        }
        #expect(url.lastPathComponent == "Scores.sqlite")
    }
}
