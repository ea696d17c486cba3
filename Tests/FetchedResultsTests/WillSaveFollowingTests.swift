import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing

/// A headline whose `willSave()` ranks it by the length of its title.
final class Headline: ManagedObject {
    @Attribute var title = ""
    @Attribute var rank = 0

    override func willSave() {
        if !isDeleted && rank != title.count { rank = title.count }
    }
}

/// Changes made in `willSave()` reach controllers with the save that made them.
@MainActor @Suite struct WillSaveFollowingTests {
    @Test func aControllerSortedByAValueWillSaveSetsShowsItAfterTheSave() throws {
        let container = try PersistentContainer(name: "Headlines", model: ManagedObjectModel([Headline.self]), store: .inMemory)
        let context = container.viewContext
        let request = FetchRequest<Headline>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.rank), FetchSortDescriptor(\.title)])
        let controller = FetchedResultsController<Headline>(fetchRequest: request, managedObjectContext: context)
        let recorder = DeliveryRecorder<Headline, ObjectID>()
        controller.delegate = recorder
        try controller.performFetch()
        let long = try context.insert(Headline.self), short = try context.insert(Headline.self)
        long.title = "a long title"
        short.title = "short"
        try context.save()
        #expect(controller.fetchedObjects?.map(\.title) == ["short", "a long title"])
        short.title = "a much longer title"
        try context.save()
        #expect(controller.fetchedObjects?.map(\.title) == ["a long title", "a much longer title"])
        let last = try #require(recorder.last)
        #expect(last.snapshot.itemIdentifiers == [long.objectID, short.objectID])
        #expect(throws: Never.self) { try last.batchUpdate.validate(from: last.previousSnapshot, to: last.snapshot) }
    }
}
