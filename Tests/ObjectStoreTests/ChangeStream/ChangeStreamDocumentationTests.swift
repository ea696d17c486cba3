import Foundation
import ObjectStore
import Testing

/// The fetch-then-follow example of the change stream article, run as written.
@Suite struct ChangeStreamDocumentationTests {
    /// The example's state, on the context's queue only.
    final class Followed: @unchecked Sendable {
        var position: Int64 = 0
        var ids: Set<ObjectID> = []
    }

    @Test func theFetchThenFollowExampleHolds() async throws {
        let container = try TestModel.inMemory()
        let context = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = true
        let request = FetchRequest<Event>(predicate: try FetchPredicate(format: "attendance > 10"))
        let followed = Followed()
        let token = try await context.perform { () throws -> ObservationToken in
            let query = try CompiledFetchRequest(request, model: context.model)
            let token = context.addChangeObserver { event in
                guard event.sequenceNumber > followed.position, query.canChangeResults(event) else { return }
                let listed = event.insertedObjectIDs.union(event.updatedObjectIDs).union(event.deletedObjectIDs)
                    .union(event.refreshedObjectIDs).union(event.invalidatedObjectIDs)
                for id in listed where id.entity === query.entity {
                    let object = context.object(with: id) as! Event
                    if (try? query.includes(object)) == true { followed.ids.insert(id) } else { followed.ids.remove(id) }
                }
            }
            let fetched = try context.fetch(request)
            followed.ids = Set(fetched.objectIDs)
            followed.position = fetched.sequenceNumber
            return token
        }
        defer { token.cancel() }
        let writer = container.newBackgroundContext()
        let nowCrowded = try await writer.perform { () throws -> ObjectID in
            let quiet = try writer.insertEvent(code: "quiet")
            let crowded = try writer.insertEvent(code: "crowded")
            crowded.attendance = 50
            try writer.save()
            quiet.attendance = 20
            crowded.attendance = 5
            try writer.save()
            return quiet.objectID
        }
        await context.flush()
        let (ids, fresh) = try await context.perform { () throws -> (Set<ObjectID>, Set<ObjectID>) in
            (followed.ids, Set(try context.fetchObjectIDs(request)))
        }
        #expect(ids == fresh && ids == [nowCrowded])
    }
}
