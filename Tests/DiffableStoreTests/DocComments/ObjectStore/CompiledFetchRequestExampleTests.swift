// Guards the example in the documentation comment of `CompiledFetchRequest`:
// Sources/ObjectStore/Query/CompiledFetchRequest.swift.
import DiffableStore
import Foundation
import Testing

@Suite struct CompiledFetchRequestExampleTests {
    typealias Event = SampleScores.Event

    /// The type's example, verbatim apart from the commented expressions, checked with
    /// `#expect`; the test supplies the container and a live football event.
    @Test func aCompiledRequestEvaluatesOneObject() throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            let event = try context.existingObject(with: ids[0], as: Event.self)

            var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
            request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
            let query = try CompiledFetchRequest(request, model: container.model, sectionNameKeyPath: "sport.name")
            #expect(query.keyPaths == ["isLive", "sport.name", "start"])
            #expect(try query.includes(event))
            #expect(query.sectionValue(of: event) as? String == "Football")
        }
    }
}
