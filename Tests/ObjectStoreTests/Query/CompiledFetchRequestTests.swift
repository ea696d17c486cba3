import Foundation
import ObjectStore
import Testing

/// The public compiled request: predicate on current or committed values, the store's order as a
/// comparator, section values, and the keys a request reads.
@MainActor @Suite struct CompiledFetchRequestTests {
    @Test func keyPathsListEveryKeyTheRequestReadsRelatedOnesIncluded() throws {
        let container = try TestModel.inMemory()
        var request = FetchRequest<Event>(predicate: try FetchPredicate(
            format: "isLive == YES AND sport.name BEGINSWITH 'F' AND ANY tags.label == 'x' AND venue.events.@count > 1"))
        request.filter(\.code, equals: "c")
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
        let query = try CompiledFetchRequest(request, model: container.model, sectionNameKeyPath: "sport.name")
        #expect(query.keyPaths == ["isLive", "sport.name", "tags", "tags.label", "venue.events.@count", "start", "code"])
        let model = container.model
        let event = model.entity(for: Event.self), sport = model.entity(for: Sport.self)
        let tag = model.entity(for: Tag.self), venue = model.entity(for: Venue.self)
        #expect(query.reads(["sport"], of: event) && query.reads(["tags"], of: event) && query.reads(["venue"], of: event))
        #expect(!query.reads(["title", "attendance"], of: event))
        #expect(query.reads(["name"], of: sport) && !query.reads(["events"], of: sport))
        #expect(query.reads(["label"], of: tag) && !query.reads(["events"], of: tag))
        #expect(query.reads(["events"], of: venue) && !query.reads(["city"], of: venue))
        #expect(query.reads(sport) && !query.reads(model.entity(for: League.self)))
    }

    @Test func evaluatesCurrentValuesOrCommittedValues() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let edited = try context.savedEvent(code: "edited")
        edited.title = "new"
        let deleted = try context.savedEvent(code: "deleted")
        deleted.title = "new"
        try context.save()
        context.delete(deleted)
        let inserted = try context.insert(Event.self)
        inserted.code = "inserted"
        inserted.title = "new"
        edited.title = "newer"
        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "title == 'new'"))
        let current = try CompiledFetchRequest(request, model: container.model)
        request.includesPendingChanges = false
        let committed = try CompiledFetchRequest(request, model: container.model)
        #expect(current.valueSource == .current && committed.valueSource == .committed)
        #expect(try [edited, deleted, inserted].map { try current.includes($0) } == [false, false, true])
        #expect(try [edited, deleted, inserted].map { try committed.includes($0) } == [true, true, false])
        // Either request reads the other values when told to.
        #expect(try current.includes(edited, from: .committed) && !committed.includes(edited, from: .current))
        // The predicate alone holds for a deleted object's values.
        #expect(try current.evaluate(deleted))
        // The same answers as the fetches.
        #expect(try Set(context.fetchObjectIDs(current.request)) == [inserted.objectID])
        #expect(try Set(context.fetchObjectIDs(committed.request)) == [edited.objectID, deleted.objectID])
    }

    @Test func comparesAsTheStoreOrdersWithTiesBrokenByObjectID() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let titles = ["b", "a", "B", "b", nil, "a", "c"]
        for (index, title) in titles.enumerated() {
            let event = try context.insert(Event.self)
            event.code = "e\(index)"
            event.note = title
        }
        try context.save()
        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.note, ascending: false, comparator: .caseInsensitive)]
        let query = try CompiledFetchRequest(request, model: container.model)
        let objects = Array(try context.fetch(Event.self))
        let sorted = objects.sorted { query.compare($0, $1) == .orderedAscending }
        #expect(sorted.map(\.objectID) == (try context.fetchObjectIDs(request)))
        let keys = objects.map { query.sortKey(of: $0) }
        for left in keys {
            for right in keys {
                let expected: ComparisonResult = left.objectID == right.objectID ? .orderedSame
                    : (sorted.firstIndex { $0.objectID == left.objectID }! < sorted.firstIndex { $0.objectID == right.objectID }! ? .orderedAscending : .orderedDescending)
                #expect(query.compare(left, right) == expected)
            }
        }
    }

    @Test func sortKeysAndSectionValuesReadTheRequestedValues() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insertSport(named: "Football")
        let tennis = try context.insertSport(named: "Tennis")
        let event = try context.insertEvent(code: "e", sport: football)
        let loose = try context.insertEvent(code: "l")
        try context.save()
        event.sport = tennis
        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name)]
        let byName = try CompiledFetchRequest(request, model: container.model, sectionNameKeyPath: "sport.name")
        #expect(byName.sectionValue(of: event) as? String == "Tennis")
        #expect(byName.sectionValue(of: event, from: .committed) as? String == "Football")
        #expect(byName.sectionValue(of: loose) == nil)
        let bySport = try CompiledFetchRequest(request, model: container.model, sectionNameKeyPath: "sport")
        #expect(bySport.sectionValue(of: event) as? ObjectID == tennis.objectID)
        #expect(byName.compare(loose, event) == .orderedAscending)
        // Current: Tennis; committed: Football.
        #expect(byName.compare(byName.sortKey(of: event), byName.sortKey(of: event, from: .committed)) == .orderedDescending)
        // An unsaved rename of the related object counts for current values only.
        tennis.name = "Archery"
        #expect(byName.compare(byName.sortKey(of: event), byName.sortKey(of: event, from: .committed)) == .orderedAscending)
        #expect(byName.sectionValue(of: event, from: .committed) as? String == "Football")
        #expect(byName.sortKey(of: event).objectID == event.objectID)
    }

    @Test func sectionKeyPathNamesAnAttributeOrToOneRelationship() throws {
        let container = try TestModel.inMemory()
        for keyPath in ["tags", "tags.@count", "nope", "sport.nope"] {
            #expect(throws: ObjectStoreError.self, "\(keyPath)") {
                try CompiledFetchRequest(FetchRequest<Event>(), model: container.model, sectionNameKeyPath: keyPath)
            }
        }
        #expect(throws: ObjectStoreError.self) {
            try CompiledFetchRequest(FetchRequest<Event>(predicate: try FetchPredicate(format: "nope == 1")), model: container.model)
        }
    }

    @Test func compiledRequestsCrossConcurrencyDomains() async throws {
        let container = try TestModel.inMemory()
        let query = try CompiledFetchRequest(FetchRequest<Event>(where: \.code, equals: "x"), model: container.model)
        let background = container.newBackgroundContext()
        let matches = try await background.perform {
            let event = try background.insert(Event.self)
            event.code = "x"
            return try query.includes(event)
        }
        #expect(matches)
    }
}
