import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import Testing

/// The controller's members after a fetch: sections, objects, paths, index titles.
@MainActor @Suite struct ControllerTests {
    @Test func withoutSectionKeyAllResultsAreOneUnnamedSectionInRequestOrder() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let b = try context.insertMatch("b", score: 2)
        let a = try context.insertMatch("a", score: 1)
        let c = try context.insertMatch("c", score: 3)
        try context.save()
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context)
        #expect(controller.fetchedObjects == nil)
        #expect(controller.sections == nil)
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["a", "b", "c"])
        #expect(controller.sections?.map(\.name) == [""])
        #expect(controller.sections?.first?.numberOfObjects == 3)
        #expect(controller.sections?.first?.objects.map(\.objectID) == [a.objectID, b.objectID, c.objectID])
        #expect(controller.object(at: ItemPath(section: 0, item: 1)) === b)
        #expect(controller.indexPath(forObject: c) == ItemPath(section: 0, item: 2))
        #expect(controller.snapshot.layout == [[a.objectID, b.objectID, c.objectID]])
        #expect(controller.generation == 1)
    }

    @Test func sectionsByKeyAreNamedBySectionValueAndNilIsTheEmptyName() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insertSport("Football")
        let tennis = try context.insertSport("tennis")
        try context.insertMatch("f1", score: 1, sport: football)
        try context.insertMatch("t1", score: 2, sport: tennis)
        try context.insertMatch("f2", score: 3, sport: football)
        try context.insertMatch("none", score: 4)
        try context.save()
        var request = FetchRequest<Match>()
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.score)]
        let byName = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "sport.name")
        try byName.performFetch()
        #expect(byName.sections?.map(\.name) == ["", "Football", "tennis"])
        #expect(byName.sections?.map(\.numberOfObjects) == [1, 2, 1])
        #expect(byName.sections?[1].objects.map(\.title) == ["f1", "f2"])
        #expect(byName.sectionIndexTitles == ["F", "T"])
        #expect(byName.sections?.map(\.indexTitle) == [nil, "F", "T"])
        #expect(byName.section(forSectionIndexTitle: "T", at: 1) == 2)
        #expect(byName.indexPath(forObject: byName.object(at: ItemPath(section: 2, item: 0))) == ItemPath(section: 2, item: 0))

        let byKeyPath = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context, sectionKeyPath: \.sport?.name)
        #expect(byKeyPath.sectionNameKeyPath == "sport.name")
        try byKeyPath.performFetch()
        #expect(byKeyPath.snapshot == byName.snapshot)

        byKeyPath.sectionIndexTitleProvider = { $0.isEmpty ? "#" : String($0.suffix(1)) }
        #expect(byKeyPath.sectionIndexTitles == ["#", "l", "s"])
        #expect(byKeyPath.sectionIndexTitle(forSectionName: "tennis") == "s")
    }

    @Test func itemsCanBeIdentifiedByAnAttribute() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let first = try context.insertMatch("a", score: 1, serverID: 10)
        try context.insertMatch("b", score: 2, serverID: 20)
        try context.save()
        let controller = IdentifiedFetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: context, itemIdentifier: \Match.serverID)
        try controller.performFetch()
        #expect(controller.snapshot.layout == [[10, 20]])
        #expect(controller.indexPath(forItemIdentifier: 20) == ItemPath(section: 0, item: 1))
        #expect(controller.indexPath(forObject: first) == ItemPath(section: 0, item: 0))

        let byUUID = IdentifiedFetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: context, sectionNameKeyPath: "group", itemIdentifier: \Match.uuid)
        try byUUID.performFetch()
        #expect(byUUID.snapshot.itemIdentifiers.first == first.uuid)
    }

    @Test func objectAtLoadsNearbyObjectsInOneGo() throws {
        let container = try TestModel.inMemory()
        let writer = container.newBackgroundContext()
        try writer.performAndWait {
            for index in 0..<100 { try writer.insertMatch("m\(index)", score: index) }
            try writer.save()
        }
        let context = container.viewContext
        let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context)
        try controller.performFetch()
        let ids = try #require(controller.fetchedObjectIDs)
        #expect(!context.hasLoadedObject(with: ids[50]))
        #expect(controller.object(at: ItemPath(section: 0, item: 50)).title == "m50")
        #expect(context.hasLoadedObject(with: ids[30]))
        #expect(context.hasLoadedObject(with: ids[70]))
        #expect(!context.hasLoadedObject(with: ids[29]))
        #expect(!context.hasLoadedObject(with: ids[71]))
    }
}
