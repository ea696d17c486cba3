import FetchedResults
import ObjectStore

/// What tells a controller apart from a fresh fetch, on one line: the objects only one of them
/// holds, the first position where their orders differ with the values the context shows for
/// both objects there and the values a fresh context reads from the store, and whether the
/// controller's order follows the values its context shows.
enum MismatchDetail {
    /// The difference between the fixtures controller of `lists` and a fresh fetch, read from
    /// `store` for the stored values. Call on the queue of `lists.context`.
    static func fixtures(_ lists: FollowedLists, store: PersistentContainer) throws -> String {
        let shown = lists.fixtures.fetchedObjects ?? []
        let fresh = Array(try lists.context.fetch(FollowedLists.fixturesRequest))
        let shownIDs = Set(shown.map(\.objectID))
        let freshIDs = Set(fresh.map(\.objectID))
        var parts = ["\(shown.count) shown, \(fresh.count) fetched"]
        let onlyShown = shown.filter { !freshIDs.contains($0.objectID) }
        let onlyFetched = fresh.filter { !shownIDs.contains($0.objectID) }
        if !onlyShown.isEmpty { parts.append("only shown: " + describe(onlyShown, store: store)) }
        if !onlyFetched.isEmpty { parts.append("only fetched: " + describe(onlyFetched, store: store)) }
        if let index = zip(shown, fresh).enumerated().first(where: { $0.element.0.objectID != $0.element.1.objectID })?.offset {
            parts.append("first difference at \(index): shown " + describe([shown[index]], store: store) + ", fetched " + describe([fresh[index]], store: store))
        }
        let keys = shown.map { ($0.group, $0.score, $0.title) }
        let sorted = zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }
        parts.append(sorted ? "shown order follows the context's values" : "shown order does not follow the context's values")
        return parts.joined(separator: "; ")
    }

    /// Each fixture as `<uri> context (group,score,title) store (group,score,title)`.
    private static func describe(_ fixtures: [PeerFixture], store: PersistentContainer) -> String {
        let reader = store.newBackgroundContext(name: "mismatch reader")
        return fixtures.prefix(4).map { fixture in
            let id = fixture.objectID
            let stored = reader.performAndWait { () -> String in
                guard let object = try? reader.existingObject(with: id, as: PeerFixture.self) else { return "missing" }
                return "(\(object.group),\(object.score),\(object.title))"
            }
            return "\(id.uriRepresentation().lastPathComponent) context (\(fixture.group),\(fixture.score),\(fixture.title)) deleted \(fixture.isDeleted) store \(stored)"
        }.joined(separator: " | ")
    }
}
