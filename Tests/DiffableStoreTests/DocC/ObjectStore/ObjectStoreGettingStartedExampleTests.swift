// Guards the examples of the ObjectStore getting-started article:
// Sources/ObjectStore/Documentation.docc/GettingStarted.md.
import DiffableStore
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct ObjectStoreGettingStartedExampleTests {
    final class Sport: ManagedObject {
        @Attribute(.unique) var name = ""
        @Relationship(deleteRule: .cascade, inverse: \Match.sport) var matches: Set<Match>
    }

    final class Match: ManagedObject {
        @Attribute var title = ""
        @Attribute(.indexed) var kickOff = Date.distantPast
        @Attribute var isLive = false
        @Attribute var homeScore = 0
        @Relationship var sport: Sport?
    }

    /// The article's snippets in order (the model declared in the suite), verbatim apart from
    /// the file store, a file in a temporary directory instead of the default location, and
    /// `print`, captured; the test then saves a live match in the background for the observer to
    /// hear.
    @Test func theArticleSavesFetchesResolvesAndFollows() async throws {
        let printed = LogLines()
        @Sendable func print(_ items: Any...) { printed.record(items) }
        try await withTemporaryStoreFile { store in
            let model = ManagedObjectModel([Sport.self, Match.self])

            let container = try PersistentContainer(name: "Scores", model: model, store: store)
            let scratch = try PersistentContainer(name: "Scores", model: model, store: .inMemory)

            let context = container.newBackgroundContext()
            let matchID = try await context.perform {
                let football = try context.insert(Sport.self)
                football.name = "Football"
                let match = try context.insert(Match.self)
                match.title = "Lions – Tigers"
                match.sport = football                      // football.matches now holds the match too
                try context.save()                          // one SQLite transaction: all or nothing
                return match.objectID                       // the same before and after the save
            }

            let live = try await context.perform {
                var request = FetchRequest<Match>()
                request.predicate = try FetchPredicate(format: "isLive == YES AND sport.name == %@", "Football")
                request.sortDescriptors = [FetchSortDescriptor(\.kickOff)]
                return try context.fetch(request).map(\.title)
            }

            let typed = FetchRequest<Match>(
                predicate: \Match.isLive == true && FetchPredicate.key(\.title).contains("lions", options: .caseInsensitive),
                sortDescriptors: [FetchSortDescriptor(\.kickOff, ascending: false)])

            let viewContext = container.viewContext         // the main actor's context
            let match = try viewContext.existingObject(with: matchID, as: Match.self)

            let token = viewContext.addChangeObserver { event in
                print(event.kind, event.insertedObjectIDs.count, event.changedKeys)
            }

            #expect(scratch.storeDescription.location == .inMemory)
            #expect(live.isEmpty, "the match is not live")
            #expect(match.sport?.name == "Football" && match.sport?.matches.count == 1)
            try await container.performBackgroundTask { writer in
                let match = try writer.existingObject(with: matchID, as: Match.self)
                match.isLive = true
                try writer.save()
            }
            await eventually { !printed.all.isEmpty }
            #expect(printed.all == ["merge 0 \([matchID: Set(["isLive"])])"])
            #expect(try viewContext.fetch(typed).map(\.objectID) == [matchID])
            token.cancel()
        }
    }
}
