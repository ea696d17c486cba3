// Guards the example in the documentation comment of `OperationCounts`:
// Sources/ObjectStore/Predicate/Evaluation/OperationCounts.swift.
import DiffableStore
import Testing

@Suite struct OperationCountsExampleTests {
    typealias Event = SampleScores.Event

    /// The type's example, verbatim; the test supplies a compiled request that reads one key
    /// through one relationship, and a live football event.
    @Test func aPredicateThroughOneRelationshipFollowsOneHop() throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let query = try CompiledFetchRequest(FetchRequest<Event>(predicate: try FetchPredicate(format: "sport.name == %@", "Football")), model: container.model)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let object = try context.existingObject(with: ids[0], as: Event.self)

            let counts = OperationCounts()
            let matched = try OperationCounts.$current.withValue(counts) { try query.evaluate(object) }
            #expect(counts.hopsFollowed <= 2)

            #expect(matched)
        }
    }
}
