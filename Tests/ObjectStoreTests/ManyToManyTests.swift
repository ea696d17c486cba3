import Foundation
import ObjectStore
import StoreBackends
import Testing

@MainActor @Suite struct ManyToManyTests {
    @Test(arguments: StoreBackend.all) func linksShowOnBothSidesAndPersist(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "m"
        let red = try context.insert(Tag.self)
        red.label = "red"
        let blue = try context.insert(Tag.self)
        blue.label = "blue"
        event.tags = [red, blue]
        #expect(red.events == [event])
        blue.events.remove(event)
        #expect(event.tags == [red])
        try context.save()
        context.reset()
        let reloaded = try context.existingObject(with: event.objectID, as: Event.self)
        #expect(reloaded.tags.map(\.label) == ["red"])
        let tag = try context.existingObject(with: red.objectID, as: Tag.self)
        #expect(tag.events.map(\.objectID) == [event.objectID])
    }

    @Test(arguments: StoreBackend.all) func linkChangesAreReportedOnBothEnds(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "r"
        let tag = try context.insert(Tag.self)
        try context.save()
        let (recorder, token) = context.recordChanges()
        defer { token.cancel() }
        tag.events.insert(event)
        #expect(context.hasChanges)
        #expect(context.updatedObjects == [event, tag])
        try context.save()
        event.tags = []
        try context.save()
        // Linking an already linked pair changes nothing.
        tag.events = []
        try context.save()
        let sets = recorder.changeSets(.save)
        #expect(sets.count == 2)
        #expect(sets.first?.changedKeys == [event.objectID: ["tags"], tag.objectID: ["events"]])
        #expect(sets.last?.changedKeys == [event.objectID: ["tags"], tag.objectID: ["events"]])
    }

    @Test(arguments: StoreBackend.all) func deletingUnlinksAndRollbackRestoresLinks(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "d"
        let tag = try context.insert(Tag.self)
        tag.events = [event]
        try context.save()
        event.tags = []
        context.rollback()
        #expect(tag.events == [event])
        context.delete(event)
        #expect(tag.events.isEmpty)
        try context.save()
        context.reset()
        #expect(try context.existingObject(with: tag.objectID, as: Tag.self).events.isEmpty)
    }

    @Test(arguments: StoreBackend.all) func childContextPushesLinksIntoItsParent(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.insert(Event.self)
        event.code = "c"
        let tag = try context.insert(Tag.self)
        try context.save()
        let child = context.newChildContext(concurrency: .mainQueue)
        let childEvent = try child.existingObject(with: event.objectID, as: Event.self)
        childEvent.tags = [try child.existingObject(with: tag.objectID, as: Tag.self)]
        try child.save()
        #expect(tag.events == [event])
        #expect(context.hasChanges)
        try context.save()
        context.reset()
        #expect(try context.existingObject(with: tag.objectID, as: Tag.self).events.count == 1)
    }
}
