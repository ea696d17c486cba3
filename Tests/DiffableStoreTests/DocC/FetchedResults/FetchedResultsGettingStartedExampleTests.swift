// Guards the examples of the FetchedResults getting-started article:
// Sources/FetchedResults/Documentation.docc/GettingStarted.md.
import DiffableStore
import Testing

@MainActor @Suite struct FetchedResultsGettingStartedExampleTests {
    typealias Match = SampleScores.Event

    /// A store of live football and tennis matches, three of football.
    func saved() throws -> PersistentContainer {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800), ("Quarter", 700)], "Tennis": [("Open", 100)]], allLive: true, in: container)
        return container
    }

    /// "Fetch" and "Search as you type", verbatim apart from the commented expressions, checked
    /// with `#expect`; the test supplies the container, a match and the text typed.
    @Test func aSectionedControllerFetchesAndFetchesAgainForASearch() throws {
        let container = try saved()
        let text = "semi"

        var request = FetchRequest<Match>()
        request.predicate = try FetchPredicate(format: "isLive == YES")
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]

        let controller = FetchedResultsController<Match>(
            fetchRequest: request,
            managedObjectContext: container.viewContext,
            sectionNameKeyPath: "sport.name"        // or: sectionKeyPath: \.sport?.name
        )
        try controller.performFetch()

        #expect(controller.sections?.map(\.name) == ["Football", "Tennis"])
        let match = controller.object(at: ItemPath(section: 0, item: 2))
        #expect(controller.indexPath(forObject: match) == ItemPath(section: 0, item: 2))
        #expect(controller.sectionIndexTitles == ["F", "T"])

        controller.fetchRequest.predicate = try FetchPredicate(format: "title CONTAINS[c] %@", text)
        try controller.performFetch()

        #expect(controller.fetchedObjects?.map(\.title) == ["Semi"])
    }

    /// "Identify items", verbatim; the test supplies the request and the context.
    @Test func itemsAreIdentifiedByAnAttribute() throws {
        let container = try saved()
        let context = container.viewContext
        let request = FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)])

        let controller = IdentifiedFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: "sport.name", itemIdentifier: \Match.uuid)

        try controller.performFetch()
        #expect(controller.snapshot.itemIdentifiers == controller.fetchedObjects?.map(\.uuid))
    }
}
