import Foundation
import ObjectStore
import StoreBackends
import Testing

@MainActor @Suite struct ContextTests {
    @Test(arguments: StoreBackend.all) func insertSaveFetchCountAndExistingObject(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.title = "A"
        event.code = "a"
        let other = try Event(context: context)
        other.title = "B"
        other.code = "b"
        #expect(context.hasChanges)
        #expect(context.insertedObjects == [event, other])
        try context.save()
        #expect(!context.hasChanges)
        #expect(try context.count(for: FetchRequest<Event>()) == 2)
        #expect(try context.fetch(FetchRequest<Event>(where: \.title, equals: "B")).map(\.objectID) == [other.objectID])
        #expect(try context.existingObject(with: event.objectID) === event)
        let background = container.newBackgroundContext()
        let id = event.objectID
        let title = try await background.perform {
            (try background.existingObject(with: id, as: Event.self)).title
        }
        #expect(title == "A")
    }

    @Test(arguments: StoreBackend.all) func objectIDsArePermanentAndUnique(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "x"
        let before = event.objectID
        try context.save()
        #expect(event.objectID == before)
        let ids = try (0..<300).map { _ in try context.insert(Event.self).objectID }
        #expect(Set(ids).count == 300)
        #expect(!ids.contains(before))
        #expect(MemoryLayout<ObjectID>.size <= 16)
    }

    @Test(arguments: StoreBackend.all) func uriRepresentationRoundTrips(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let event = try container.viewContext.insert(Event.self)
        let uri = event.objectID.uriRepresentation()
        #expect(uri.absoluteString == "x-coredata://\(container.storeIdentifier.uuidString)/Event/p\(event.objectID.key)")
        #expect(try container.managedObjectID(forURIRepresentation: uri) == event.objectID)
        #expect(throws: ObjectStoreError.self) {
            try container.managedObjectID(forURIRepresentation: URL(string: "x-coredata://\(UUID().uuidString)/Event/p1")!)
        }
        #expect(throws: ObjectStoreError.self) {
            try container.managedObjectID(forURIRepresentation: URL(string: "x-coredata://\(container.storeIdentifier.uuidString)/Nope/p1")!)
        }
    }

    @Test(arguments: StoreBackend.all) func uniquingGivesOneInstancePerID(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.savedEvent(code: "u")
        let fetched = try context.fetch(Event.self)
        #expect(fetched.count == 1 && fetched[0] === event)
        #expect(context.object(with: event.objectID) === event)
        context.reset()
        let refetched = try context.fetch(Event.self)
        #expect(refetched[0] !== event)
        #expect(context.object(with: event.objectID) === refetched[0])
        #expect(try context.existingObject(with: event.objectID) === refetched[0])
    }

    @Test(arguments: StoreBackend.all) func objectWithIDIsALazyFault(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.title = "lazy"
        event.code = "l"
        try context.save()
        context.reset()
        let fault = context.object(with: event.objectID)
        #expect(fault.isFault)
        #expect((fault as? Event)?.title == "lazy")
        #expect(!fault.isFault)
    }

    @Test(arguments: StoreBackend.all) func objectInsertedAndDeletedBeforeSavingNeverExists(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        context.delete(event)
        #expect(context.insertedObjects.isEmpty && context.deletedObjects.isEmpty)
        #expect(!context.hasChanges)
        try context.save()
        #expect(!context.registeredObjects.contains(event))
        #expect(throws: ObjectStoreError.self) { try context.existingObject(with: event.objectID) }
    }

    @Test(arguments: StoreBackend.all) func existingObjectThrowsForMissingObjects(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        let id = event.objectID
        context.rollback()
        #expect(throws: ObjectStoreError.self) { try context.existingObject(with: id) }
    }

    @Test(arguments: StoreBackend.all) func updatedDeletedRegisteredAndChangedValues(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let a = try context.insert(Event.self)
        a.code = "a"
        let b = try context.savedEvent(code: "b")
        a.title = "changed"
        a.attendance = 7
        context.delete(b)
        #expect(context.updatedObjects == [a])
        #expect(context.deletedObjects == [b])
        #expect(context.registeredObjects.isSuperset(of: [a, b]))
        let changed = a.changedValues()
        #expect(Set(changed.keys) == ["title", "attendance"])
        #expect(changed["title"] as? String == "changed")
        #expect(a.isUpdated && b.isDeleted)
        // Setting a value back removes the change.
        a.attendance = 0
        a.title = ""
        #expect(!a.isUpdated)
    }

    @Test(arguments: StoreBackend.all) func rollbackRestoresSavedValuesAndDropsInserts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let a = try context.insert(Event.self)
        a.title = "saved"
        a.code = "a"
        try context.save()
        a.title = "unsaved"
        context.delete(a)
        let b = try context.insert(Event.self)
        context.rollback()
        #expect(a.title == "saved")
        #expect(!a.isDeleted)
        #expect(b.isDeleted)
        #expect(!context.hasChanges)
        #expect(try context.count(for: FetchRequest<Event>()) == 1)
    }

    @Test(arguments: StoreBackend.all) func refreshReloadsOrKeepsChanges(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "r"
        event.title = "one"
        try context.save()
        let id = event.objectID
        let background = container.newBackgroundContext()
        try await background.perform {
            let other = try background.existingObject(with: id, as: Event.self)
            other.attendance = 5
            try background.save()
        }
        event.title = "local"
        context.refresh(event, mergeChanges: true)
        #expect(event.attendance == 5)
        #expect(event.title == "local")
        context.refresh(event, mergeChanges: false)
        #expect(event.isFault)
        #expect(event.title == "one")
    }

    @Test(arguments: StoreBackend.all) func objectRefreshedWithoutItsChangesCanChangeAndSaveAgain(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.savedEvent(code: "r")
        let (recorder, token) = context.recordChanges()
        defer { token.cancel() }
        event.title = "discarded"
        context.refresh(event, mergeChanges: false)
        #expect(!context.hasChanges && context.updatedObjects.isEmpty)
        event.title = "kept"
        #expect(context.updatedObjects == [event])
        try context.save()
        #expect(!context.hasChanges)
        #expect(recorder.changeSets(.save).map(\.changedKeys) == [[event.objectID: ["title"]]])
        context.reset()
        #expect(try context.existingObject(with: event.objectID, as: Event.self).title == "kept")
    }

    @Test(arguments: StoreBackend.all) func fetchHonoursPendingChangesSortLimitAndOffset(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        for (index, title) in ["d", "b", "a", "c"].enumerated() {
            let event = try context.insert(Event.self)
            event.title = title
            event.code = title
            event.attendance = index % 2
        }
        try context.save()
        let extra = try context.insert(Event.self)
        extra.title = "aa"
        extra.attendance = 1
        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.title)]
        #expect(try context.fetch(request).map(\.title) == ["a", "aa", "b", "c", "d"])
        request.includesPendingChanges = false
        #expect(try context.fetch(request).map(\.title) == ["a", "b", "c", "d"])
        request.includesPendingChanges = true
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(try context.fetch(request).map(\.title) == ["aa", "b"])
        var filtered = FetchRequest<Event>(where: \.attendance, equals: 1)
        filtered.sortDescriptors = [FetchSortDescriptor(\.title, ascending: false)]
        #expect(try context.fetch(filtered).map(\.title) == ["c", "b", "aa"])
        #expect(try context.fetchObjectIDs(filtered).count == 3)
        #expect(try context.count(for: filtered) == 3)
        let first = try context.fetch(FetchRequest<Event>(where: \.title, equals: "a"))[0]
        first.attendance = 1
        #expect(try context.count(for: filtered) == 4)
    }

    @Test(arguments: StoreBackend.all) func relationshipsKeepInversesInSync(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let football = try context.insertSport(named: "Football")
        let tennis = try context.insertSport(named: "Tennis")
        let event = try context.insertEvent(code: "e", sport: football)
        #expect(football.events == [event])
        tennis.events.insert(event)
        #expect(event.sport === tennis)
        #expect(football.events.isEmpty)
        try context.save()
        context.reset()
        let sport = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Tennis"))[0]
        #expect(sport.events.map(\.code) == ["e"])
        var bySport = FetchRequest<Event>()
        bySport.filter(\.sport, equals: sport.objectID)
        #expect(try context.count(for: bySport) == 1)
        // One-to-one keeps both keys.
        let team = try context.insert(Team.self)
        let badge = try context.insert(Badge.self)
        team.badge = badge
        #expect(badge.team === team)
        let other = try context.insert(Team.self)
        other.badge = badge
        #expect(team.badge == nil)
        #expect(badge.team === other)
    }

    @Test(arguments: StoreBackend.all) func limitAndOffsetWithoutSortDescriptorsKeepKeyOrderWithPendingChanges(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let events = try (0..<4).map { try context.savedEvent(code: "q\($0)") }
        var request = FetchRequest<Event>()
        request.fetchLimit = 2
        #expect(try context.fetch(request).map(\.code) == ["q0", "q1"])
        events[0].title = "renamed, unsaved"
        #expect(try context.fetch(request).map(\.code) == ["q0", "q1"])
        #expect(try context.fetchObjectIDs(request) == [events[0].objectID, events[1].objectID])
        request.fetchOffset = 1
        #expect(try context.fetch(request).map(\.code) == ["q1", "q2"])
    }

    @Test(arguments: StoreBackend.all) func childContextSavesIntoParentNotStore(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let child = context.newChildContext(concurrency: .mainQueue)
        let event = try child.insert(Event.self)
        event.title = "child"
        event.code = "c"
        try child.save()
        #expect(context.hasChanges)
        let inParent = try context.existingObject(with: event.objectID, as: Event.self)
        #expect(inParent.title == "child")
        // The child's save reached the parent only.
        let background = container.newBackgroundContext()
        #expect(try background.performAndWait { () throws(ObjectStoreError) -> Int in
            try background.count(for: FetchRequest<Event>())
        } == 0)
        #expect(try await background.perform { try background.count(for: FetchRequest<Event>()) } == 0)
        try context.save()
        #expect(try await background.perform { try background.count(for: FetchRequest<Event>()) } == 1)
    }
}
