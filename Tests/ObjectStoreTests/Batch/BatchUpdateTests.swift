import Foundation
import ObjectStore
import TestSupport
import Testing

@Suite struct BatchUpdateTests {
    /// A file store with `count` events, codes e0…, attendance = index, live when even; and a
    /// background context of it.
    private static func store(events count: Int) throws -> (PersistentContainer, ManagedObjectContext) {
        let (container, _) = try TestModel.onDisk(name: "Batch")
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            for index in 0..<count {
                let event = try context.insert(Event.self)
                event.code = "e\(index)"
                event.attendance = index
                event.isLive = index % 2 == 0
            }
            try context.save()
        }
        return (container, context)
    }

    /// Every event as (code, attendance, isLive, title), by code.
    private static func contents(_ container: PersistentContainer) throws -> [String: (Int, Bool, String)] {
        let context = container.newBackgroundContext()
        return try context.performAndWait { () throws in
            Dictionary(uniqueKeysWithValues: try context.fetch(Event.self).map { ($0.code, ($0.attendance, $0.isLive, $0.title)) })
        }
    }

    @Test func aBatchUpdateLeavesTheStoreAndChangeSetsOfTheSameObjectByObjectSave() throws {
        let (batchContainer, batchContext) = try Self.store(events: 40)
        let (savedContainer, savedContext) = try Self.store(events: 40)
        let batchSets = Recorder<ChangeSet>()
        let savedSets = Recorder<ChangeSet>()
        let tokens = [batchContainer.addChangeSetObserver { batchSets.append($0) }, savedContainer.addChangeSetObserver { savedSets.append($0) }]
        let predicate = try FetchPredicate<Event>(format: "attendance < %@", 10)
        let result = try batchContext.performAndWait { () throws in
            var request = BatchUpdateRequest<Event>(predicate: predicate)
            request.set(\.isLive, to: true)
            request.set("title", to: "early")
            return try batchContext.execute(request)
        }
        try savedContext.performAndWait { () throws in
            var request = FetchRequest<Event>()
            request.predicate = predicate
            for event in try savedContext.fetch(request) {
                event.isLive = true
                event.title = "early"
            }
            try savedContext.save()
        }
        #expect(result.count == 10)
        #expect(result.historyToken != nil)
        let batch = try Self.contents(batchContainer), saved = try Self.contents(savedContainer)
        #expect(batch.mapValues { "\($0)" } == saved.mapValues { "\($0)" })
        // Same objects with the same changed keys (IDs compared by key: two stores).
        func keys(_ set: ChangeSet?) -> [Int64: Set<String>] {
            Dictionary(uniqueKeysWithValues: (set?.changedKeys ?? [:]).map { ($0.key.key, $0.value) })
        }
        #expect(batchSets.values.count == 1 && savedSets.values.count == 1)
        #expect(keys(batchSets.values.first) == keys(savedSets.values.first))
        // The odd events already live change only their title.
        #expect(keys(batchSets.values.first).values.filter { $0 == ["title"] }.count == 5)
        tokens.forEach { $0.cancel() }
    }

    @Test func aBatchUpdateIsOneHistoryTransactionAndReachesLoadedObjectsAndControllersOfOtherContexts() async throws {
        let (container, context) = try Self.store(events: 6)
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let events = Recorder<ChangeEvent>()
        let token = viewer.addChangeObserver { events.append($0) }
        let loaded = try await viewer.perform { () throws -> ObjectID in
            let request = FetchRequest<Event>()
            return try viewer.fetch(request).first { $0.code == "e1" }!.objectID
        }
        let before = try await context.perform { try context.fetchHistory(after: nil).count }
        let result = try await context.perform { () throws -> BatchUpdateResult in
            var request = BatchUpdateRequest<Event>()
            request.set(\.attendance, to: 100)
            return try context.execute(request)
        }
        #expect(result.count == 6)
        let history = try await context.perform { try context.fetchHistory(after: nil) }
        #expect(history.count == before + 1)
        #expect(history.last?.changes.count == 6 && history.last?.changes.allSatisfy { $0.updatedProperties == ["attendance"] } == true)
        await eventually { events.values.contains { $0.kind == .merge && $0.changedKeys.count == 6 } }
        let shown = try await viewer.perform { (try viewer.existingObject(with: loaded) as! Event).attendance }
        #expect(shown == 100)
        token.cancel()
    }

    @Test func aContextHoldingFewOfTheUpdatedObjectsMergesThemAndListsEveryObjectWithTheKeysItsPolicyChanged() async throws {
        let (container, context) = try Self.store(events: 50)
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        viewer.mergePolicy = .rollback
        let events = Recorder<ChangeEvent>()
        let token = viewer.addChangeObserver { events.append($0) }
        let (edited, untouched) = try await viewer.perform { () throws -> (ObjectID, ObjectID) in
            let events = try viewer.fetch(FetchRequest<Event>(predicate: try FetchPredicate(format: "code IN %@", ["e3", "e4"])))
            let edited = events.first { $0.code == "e3" }!
            // The batch update changes attendance too: the policy drops both unsaved edits.
            edited.attendance = 7
            edited.title = "unsaved"
            return (edited.objectID, events.first { $0.code == "e4" }!.objectID)
        }
        _ = try await context.perform { () throws -> BatchUpdateResult in
            var request = BatchUpdateRequest<Event>()
            request.set(\.attendance, to: 100)
            return try context.execute(request)
        }
        await eventually { events.values.contains { $0.kind == .merge } }
        let merge = try #require(events.values.first { $0.kind == .merge })
        #expect(merge.updatedObjectIDs.count == 50)
        #expect(merge.changedKeys[edited] == ["attendance", "title"])
        #expect(merge.changedKeys[untouched] == ["attendance"])
        #expect(merge.changedKeys.values.filter { $0 == ["attendance"] }.count == 49)
        #expect(merge.refreshedObjectIDs == [edited, untouched])
        let shown = try await viewer.perform { () throws -> [String] in
            let edited = try viewer.existingObject(with: edited) as! Event
            let untouched = try viewer.existingObject(with: untouched) as! Event
            return ["\(edited.attendance) \(edited.title)", "\(untouched.attendance)"]
        }
        #expect(shown == ["100 ", "100"])
        token.cancel()
    }

    @Test func aRequestThatDoesNotFitTheEntityChangesNothingAndSaysWhy() throws {
        let (container, context) = try Self.store(events: 3)
        let before = try Self.contents(container)
        for (setup, words) in [
            ({ (request: inout BatchUpdateRequest<Event>) in request.set("nothing", to: 1) }, "nothing is not an attribute"),
            ({ (request: inout BatchUpdateRequest<Event>) in request.set("title", to: 1) }, "title holds string values"),
            ({ (request: inout BatchUpdateRequest<Event>) in request.set("code", to: String?.none) }, "code is not optional"),
            ({ (_: inout BatchUpdateRequest<Event>) in }, "sets no attribute"),
        ] {
            var request = BatchUpdateRequest<Event>()
            setup(&request)
            #expect {
                try context.performAndWait { () throws in _ = try context.execute(request) }
            } throws: { error in
                guard case .invalidBatchRequest(let entity, _) = error as? ObjectStoreError else { return false }
                return entity == "Event" && "\(error)".contains(words)
            }
        }
        #expect(try Self.contents(container).mapValues { "\($0)" } == before.mapValues { "\($0)" })
    }

    @Test func aRepeatedUniqueValueFailsTheWholeRequest() throws {
        let (container, _) = try TestModel.onDisk(name: "BatchUnique")
        let context = container.newBackgroundContext()
        let names = try context.performAndWait { () throws -> [String] in
            for name in ["a", "b", "c"] { try context.insert(Sport.self).name = name }
            try context.save()
            var request = BatchUpdateRequest<Sport>()
            request.set(\.name, to: "same")
            #expect(throws: ObjectStoreError.self) { try context.execute(request) }
            return try context.fetch(Sport.self).map(\.name).sorted()
        }
        #expect(names == ["a", "b", "c"])
    }
}
