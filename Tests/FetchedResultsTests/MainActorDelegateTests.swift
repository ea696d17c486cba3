import DiffableSnapshots
import FetchedResults
import ObjectStore
import Testing

/// A main-actor model conforms to the delegate with a main-actor conformance and reads its own
/// state in the calls, which a view-context controller makes on the main actor.
@MainActor final class MainActorList: @MainActor FetchedResultsControllerDelegate {
    var titles: [String] = []
    let controller: FetchedResultsController<Match>

    init(context: ManagedObjectContext) throws {
        controller = FetchedResultsController(fetchRequest: try matchRequest(), managedObjectContext: context)
        controller.delegate = self
        try controller.performFetch()
    }

    func controller(_ controller: FetchedResultsController<Match>, didChangeContentWith delivery: FetchedResultsDelivery<ObjectID>) {
        titles = (0..<delivery.snapshot.numberOfItems).map { controller.object(at: ItemPath(section: 0, item: $0)).title }
    }
}

@MainActor @Suite struct MainActorDelegateTests {
    @Test func aMainActorModelIsTheDelegateOfAViewContextController() throws {
        let container = try TestModel.inMemory()
        let list = try MainActorList(context: container.viewContext)
        try container.viewContext.insertMatch("kick-off")
        container.viewContext.processPendingChanges()
        #expect(list.titles == ["kick-off"])
    }
}
