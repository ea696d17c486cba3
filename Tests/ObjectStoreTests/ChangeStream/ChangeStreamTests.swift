import Foundation
import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Each kind of transition of a context's change stream, with the exact event it reports.
@MainActor @Suite struct ChangeStreamTests {
    /// The parts of an event a test compares, as a value.
    struct Summary: Equatable, CustomStringConvertible {
        var kind: ChangeEvent.Kind
        var inserted: Set<ObjectID> = []
        var changedKeys: [ObjectID: Set<String>] = [:]
        var deleted: Set<ObjectID> = []
        var refreshed: Set<ObjectID> = []
        var invalidated: Set<ObjectID> = []

        init(kind: ChangeEvent.Kind, inserted: Set<ObjectID> = [], changedKeys: [ObjectID: Set<String>] = [:], deleted: Set<ObjectID> = [],
             refreshed: Set<ObjectID> = [], invalidated: Set<ObjectID> = []) {
            self.kind = kind
            self.inserted = inserted
            self.changedKeys = changedKeys
            self.deleted = deleted
            self.refreshed = refreshed
            self.invalidated = invalidated
        }

        init(_ event: ChangeEvent) {
            self.init(kind: event.kind, inserted: event.insertedObjectIDs, changedKeys: event.changedKeys, deleted: event.deletedObjectIDs,
                      refreshed: event.refreshedObjectIDs, invalidated: event.invalidatedObjectIDs)
        }

        var description: String {
            "\(kind) inserted \(inserted.map(\.key).sorted()) updated \(changedKeys.map { "\($0.key.key): \($0.value.sorted())" }.sorted()) deleted \(deleted.map(\.key).sorted()) refreshed \(refreshed.map(\.key).sorted()) invalidated \(invalidated.map(\.key).sorted())"
        }
    }

    /// The events recorded since `start` (a count of recorded events), summarised.
    private func summaries(_ recorder: Recorder<ChangeEvent>, from start: Int = 0) -> [Summary] {
        recorder.values.dropFirst(start).map(Summary.init)
    }

    @Test(arguments: StoreBackend.all) func unsavedEditsArePendingChangesPerTurnAndEditsOfUnsavedInsertsAreUpdates(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        let football = try context.insertSport(named: "Football")
        let final = try context.insertEvent(code: "f", sport: football)
        // Reported at the end of the turn, with no call.
        await Task.yield()
        await context.flush()
        #expect(summaries(events) == [Summary(kind: .pendingChanges, inserted: [football.objectID, final.objectID])])
        final.title = "Final"
        final.title = "Final!"
        await context.flush()
        #expect(summaries(events, from: 1) == [Summary(kind: .pendingChanges, changedKeys: [final.objectID: ["title"]])])
        // A change made and undone within one turn is no change.
        final.attendance = 3
        final.attendance = 0
        context.processPendingChanges()
        #expect(events.values.count == 2)
        #expect(events.values.map(\.isSaved) == [false, false])
        #expect(events.values.map(\.sequenceNumber) == [1, 2] && context.changeSequenceNumber == 2)
    }

    @Test(arguments: StoreBackend.all) func repointingAToOneReportsBothEndsOfTheRelationship(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let football = try context.insertSport(named: "Football")
        let tennis = try context.insertSport(named: "Tennis")
        let final = try context.insertEvent(code: "f", sport: football)
        try context.save()
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        final.sport = tennis
        context.processPendingChanges()
        tennis.events.remove(final)
        context.processPendingChanges()
        context.delete(football)
        context.processPendingChanges()
        #expect(summaries(events) == [
            Summary(kind: .pendingChanges, changedKeys: [final.objectID: ["sport"], football.objectID: ["events"], tennis.objectID: ["events"]]),
            Summary(kind: .pendingChanges, changedKeys: [final.objectID: ["sport"], tennis.objectID: ["events"]]),
            Summary(kind: .pendingChanges, deleted: [football.objectID]),
        ])
    }

    @Test(arguments: StoreBackend.all) func linksReportBothEnds(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let final = try context.insertEvent(code: "f")
        let tag = try context.insert(Tag.self)
        try context.save()
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        final.tags.insert(tag)
        context.processPendingChanges()
        // Linked and unlinked again within one turn: no change.
        tag.events = []
        final.tags.insert(tag)
        tag.events = []
        context.processPendingChanges()
        #expect(summaries(events) == [
            Summary(kind: .pendingChanges, changedKeys: [final.objectID: ["tags"], tag.objectID: ["events"]]),
            Summary(kind: .pendingChanges, changedKeys: [final.objectID: ["tags"], tag.objectID: ["events"]]),
        ])
    }

    @Test(arguments: StoreBackend.all) func ownSavesReportTheirChangeSetAfterThePendingChanges(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let football = try context.insertSport(named: "Football")
        let doomed = try context.insertEvent(code: "d", sport: football)
        try context.save()
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        let final = try context.insertEvent(code: "f", sport: football)
        context.delete(doomed)
        try context.save()
        // The sport's events changed twice over: one inserted, one deleted.
        #expect(summaries(events) == [
            Summary(kind: .pendingChanges, inserted: [final.objectID], changedKeys: [football.objectID: ["events"]], deleted: [doomed.objectID]),
            Summary(kind: .save, inserted: [final.objectID], changedKeys: [football.objectID: ["events"]], deleted: [doomed.objectID]),
        ])
        let save = try #require(events.values.last)
        #expect(save.isSaved && save.changeSet?.destination == .store && save.changeSet?.originator == context.identifier)
    }

    @Test(arguments: StoreBackend.all) func mergedSavesListEveryObjectTheSaveTouchedLoadedOrNot(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let loaded = try view.savedEvent(code: "loaded")
        let unloaded = try view.savedEvent(code: "unloaded").objectID
        let unseen = try view.savedEvent(code: "unseen").objectID
        let doomed = try view.savedEvent(code: "doomed")
        view.reset()
        let loadedAgain = try view.existingObject(with: loaded.objectID, as: Event.self)
        let fault = view.object(with: unloaded)
        let doomedAgain = try view.existingObject(with: doomed.objectID)
        let (events, token) = view.recordChanges()
        defer { token.cancel() }
        let background = container.newBackgroundContext()
        let (loadedID, doomedID) = (loaded.objectID, doomed.objectID)
        let inserted = try await background.perform {
            for id in [loadedID, unloaded, unseen] {
                try background.existingObject(with: id, as: Event.self).title = "merged"
            }
            background.delete(try background.existingObject(with: doomedID))
            let fresh = try background.insert(Event.self)
            fresh.code = "fresh"
            try background.save()
            return fresh.objectID
        }
        await view.flush()
        #expect(summaries(events) == [Summary(
            kind: .merge, inserted: [inserted],
            changedKeys: [loaded.objectID: ["title"], unloaded: ["title"], unseen: ["title"]],
            deleted: [doomed.objectID], refreshed: [loaded.objectID], invalidated: [doomed.objectID])])
        let merge = try #require(events.values.first)
        #expect(merge.isSaved && merge.changeSet?.originator == background.identifier)
        #expect(loadedAgain.title == "merged" && fault.isFault && doomedAgain.isDeleted)
    }

    @Test(arguments: StoreBackend.all) func childrenMergeTheirParentsSavesAndParentsReportTheirChildrensSaves(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let shared = try view.savedEvent(code: "shared")
        let child = view.newChildContext(concurrency: .mainQueue)
        let (parentEvents, parentToken) = view.recordChanges()
        let (childEvents, childToken) = child.recordChanges()
        defer {
            parentToken.cancel()
            childToken.cancel()
        }
        // The child saves into the view context: unsaved changes there.
        let fromChild = try child.insertEvent(code: "child")
        try child.existingObject(with: shared.objectID, as: Event.self).title = "by the child"
        try child.save()
        await view.flush()
        #expect(summaries(parentEvents) == [Summary(kind: .childSave, inserted: [fromChild.objectID], changedKeys: [shared.objectID: ["title"]])])
        #expect(parentEvents.values.first?.isSaved == false && parentEvents.values.first?.changeSet?.originator == child.identifier)
        // The view context saves to the store: its child merges that save.
        try view.save()
        await child.flush()
        let childKinds = childEvents.values.map(\.kind)
        #expect(childKinds == [.pendingChanges, .save, .merge])
        #expect(summaries(childEvents).last == Summary(
            kind: .merge, inserted: [fromChild.objectID], changedKeys: [shared.objectID: ["title"]], refreshed: [shared.objectID]))
    }

    @Test(arguments: StoreBackend.all) func refreshRollbackAndResetReportWhatTheyUndo(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let edited = try context.savedEvent(code: "edited")
        let doomed = try context.savedEvent(code: "doomed")
        let refreshed = try context.savedEvent(code: "refreshed")
        let (events, token) = context.recordChanges()
        defer { token.cancel() }
        refreshed.title = "discarded"
        context.refresh(refreshed, mergeChanges: false)
        edited.title = "edited"
        context.delete(doomed)
        let inserted = try context.insertEvent(code: "inserted")
        context.rollback()
        edited.attendance = 7
        context.reset()
        #expect(summaries(events) == [
            Summary(kind: .pendingChanges, changedKeys: [refreshed.objectID: ["title"]]),
            Summary(kind: .refresh, changedKeys: [refreshed.objectID: ["title"]], refreshed: [refreshed.objectID]),
            Summary(kind: .pendingChanges, inserted: [inserted.objectID], changedKeys: [edited.objectID: ["title"]], deleted: [doomed.objectID]),
            Summary(kind: .rollback, inserted: [doomed.objectID], changedKeys: [edited.objectID: ["title"]], deleted: [inserted.objectID],
                    refreshed: [edited.objectID, doomed.objectID, refreshed.objectID], invalidated: [inserted.objectID]),
            Summary(kind: .pendingChanges, changedKeys: [edited.objectID: ["attendance"]]),
            Summary(kind: .reset, changedKeys: [edited.objectID: ["attendance"]], invalidated: [edited.objectID, doomed.objectID, refreshed.objectID]),
        ])
        let first = try #require(events.values.first).sequenceNumber
        #expect(events.values.map(\.sequenceNumber) == Array(first...(first + 5)))
        #expect(context.changeSequenceNumber == first + 5)
    }

    @Test(arguments: StoreBackend.all) func theStreamArrivesAsAnAsyncSequenceInOrder(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let stream = view.changeEvents()
        let final = try view.insertEvent(code: "f")
        try view.save()
        final.title = "edited"
        view.processPendingChanges()
        var iterator = stream.makeAsyncIterator()
        var kinds: [ChangeEvent.Kind] = []
        var numbers: [Int64] = []
        for _ in 0..<3 {
            let event = try #require(await iterator.next())
            kinds.append(event.kind)
            numbers.append(event.sequenceNumber)
        }
        #expect(kinds == [.pendingChanges, .save, .pendingChanges] && numbers == [1, 2, 3])
    }

    @Test(arguments: StoreBackend.all) func mainActorCodeObservesTheViewContextDirectly(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let model = TitlesModel()
        let token = container.viewContext.addMainActorChangeObserver { event in
            model.updated.formUnion(event.updatedObjectIDs)
        }
        defer { token.cancel() }
        let id = try container.viewContext.savedEvent(code: "m").objectID
        let background = container.newBackgroundContext()
        try await background.perform {
            try background.existingObject(with: id, as: Event.self).title = "merged"
            try background.save()
        }
        await container.viewContext.flush()
        #expect(model.updated == [id])
    }
}

/// Main-actor state an observer of the view context updates.
@MainActor final class TitlesModel {
    var updated: Set<ObjectID> = []
}
