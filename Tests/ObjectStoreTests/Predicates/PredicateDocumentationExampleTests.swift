import Foundation
import ObjectStore
import Testing

/// The examples of the documentation compile and mean what the documentation says.
@MainActor @Suite struct PredicateDocumentationExampleTests {
    @Test func examplesFromTheDocumentation() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insert(Sport.self)
        football.name = "Football"
        let final = try context.insert(Tag.self)
        final.label = "final"
        let event = try context.insert(Event.self)
        event.code = "e"
        event.title = "Final"
        event.isLive = true
        event.attendance = 20_000
        event.sport = football
        event.tags = [final]
        try context.save()

        let live = try FetchPredicate<Event>(format: "isLive == YES AND sport.name ==[c] %@", "football")
        let typed: FetchPredicate<Event> = \Event.isLive == true && \Event.sport?.name == "Football"
        var request = FetchRequest<Event>()
        request.predicate = live || .key(\.title).beginsWith("Final")
        #expect(try context.count(for: request) == 1)
        #expect(try typed.evaluate(with: event))

        let article = try FetchPredicate<Event>(
            format: "sport.name ==[c] %@ AND (attendance > %d OR ANY tags.label IN %@) AND NOT title BEGINSWITH 'Test'",
            "football", 10_000, ["final", "derby"])
        let articleTyped: FetchPredicate<Event> =
            \Event.sport?.name == "Football" && (\Event.attendance > 10_000 || .any(\.tags, \.label).in(["final", "derby"]))
        #expect(try article.evaluate(with: event))
        #expect(try articleTyped.evaluate(with: event))
        let template = try FetchPredicate<Event>(format: "attendance > $MIN")
        #expect(try context.count(for: FetchRequest(predicate: template.withSubstituting(["MIN": 1000]))) == 1)
        let sports: [FetchPredicate<Sport>] = [
            .key(\.name).beginsWith("foot", options: .caseInsensitive),
            .any(\.events, \.attendance) > 10_000,
            .count(\.events) >= 1,
            .count(\.events, where: \Event.attendance > 10_000) > 0,
            .sum(\.events, \.attendance) > 15_000,
            .sum(\.events, \.attendance) / .count(\.events) > 10_000,
        ]
        for predicate in sports { #expect(try predicate.evaluate(with: football)) }
    }
}
