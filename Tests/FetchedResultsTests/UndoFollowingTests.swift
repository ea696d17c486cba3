import DiffableSnapshots
import FetchedResults
import ObjectStore
import StoreBackends
import Testing

/// A memo ranked in a list.
final class UndoMemo: ManagedObject {
    @Attribute var text = ""
    @Attribute var rank = 0
}

/// Undo and redo change objects like any edit: controllers deliver the undone state.
@MainActor @Suite struct UndoFollowingTests {
    @Test(arguments: StoreBackend.all)
    func aControllerDeliversAnUndoAndARedoAsValidBatchUpdates(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Memos", model: ManagedObjectModel([UndoMemo.self]))
        let context = container.viewContext
        context.undoManager = ObjectUndoManager()
        let request = FetchRequest<UndoMemo>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.rank)])
        let controller = FetchedResultsController<UndoMemo>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<UndoMemo, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        let first = try context.insert(UndoMemo.self), second = try context.insert(UndoMemo.self)
        first.rank = 1
        second.rank = 2
        try context.save()
        context.undoManager?.removeAllActions()

        func expectDelivery(_ order: [UndoMemo], _ comment: Comment) throws {
            #expect(controller.fetchedObjects == order, comment)
            let last = try #require(recorder.last)
            #expect(last.snapshot.itemIdentifiers == order.map(\.objectID), comment)
            #expect(throws: Never.self) { try last.batchUpdate.validate(from: last.previousSnapshot, to: last.snapshot) }
        }

        second.rank = 0
        let third = try context.insert(UndoMemo.self)
        third.rank = 3
        context.processPendingChanges()
        try expectDelivery([second, first, third], "the edit")
        let deliveries = recorder.deliveries.count
        context.undo()
        #expect(recorder.deliveries.count == deliveries + 1)
        try expectDelivery([first, second], "the undo")
        context.redo()
        try expectDelivery([second, first, third], "the redo")
        context.undo()
        try context.save()
        try expectDelivery([first, second], "the undo, saved")
        context.redo()
        try context.save()
        try expectDelivery([second, first, third], "the redo, saved")
    }
}
