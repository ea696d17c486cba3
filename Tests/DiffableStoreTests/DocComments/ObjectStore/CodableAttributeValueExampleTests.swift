// Guards the example in the documentation comment of `CodableAttributeValue`:
// Sources/ObjectStore/Model/CodableAttributeValue.swift.
import DiffableStore
import Testing

@Suite struct CodableAttributeValueExampleTests {
    struct Score: CodableAttributeValue, Equatable {
        var home = 0, away = 0
        static var attributeFallback: Score { Score() }
    }
    final class Match: ManagedObject {
        @Attribute var score = Score()
    }

    /// The protocol's example, verbatim; the test saves a score and reads it back in another
    /// context.
    @Test func aCodableValueIsSavedAndReadBack() throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Match.self]), store: .inMemory)
        let writer = container.newBackgroundContext()
        try writer.performAndWait { () throws in
            try writer.insert(Match.self).score = Score(home: 2, away: 1)
            try writer.save()
        }
        let reader = container.newBackgroundContext()
        let scores = try reader.performAndWait { () throws in try reader.fetch(FetchRequest<Match>()).map(\.score) }
        #expect(scores == [Score(home: 2, away: 1)])
    }
}
