import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Derived attributes: columns the store computes in every save's transaction, from the object's
/// own values and its related objects'.
@Suite struct DerivedAttributeTests {
    private func container(_ backend: StoreBackend, history: Bool = false) async throws -> PersistentContainer {
        var description = try await backend.storeDescription()
        description.persistentHistoryTracking = history
        return try PersistentContainer(name: "Derived", model: DerivedModel.model, store: description)
    }

    @Test func stringAndKeyPathFormsResolveToTheSameExpressions() {
        let entity = DerivedModel.model.entity(for: Bout.self)
        #expect(entity.attributes.filter(\.isDerived).map(\.name) == ["searchTitle", "canonicalTitle", "tournamentName", "pledgeCount", "totalStake", "savedAt"])
        #expect(DerivationExpression("bets.@count").description == "bets.@count")
        #expect(DerivationExpression("bets.@sum.stake").description == "bets.@sum.stake")
        #expect(DerivationExpression("lowercase:(title)") == "lowercase:(title)")
        #expect(entity.attribute(named: "pledgeCount")?.isIndexed == true)
    }

    @Test(arguments: StoreBackend.all)
    func ownValuesAreDerivedAtTheSaveAndShownUntilTheNext(_ backend: StoreBackend) async throws {
        let context = try await container(backend).newBackgroundContext()
        try await context.perform {
            let bout = try context.insertBout("Ça Va Éclair")
            #expect(bout.searchTitle == "" && bout.savedAt == nil)
            try context.save()
            #expect(bout.searchTitle == "ça va éclair" && bout.canonicalTitle == "ca va eclair")
            let firstSave = try #require(bout.savedAt)
            bout.title = "Next"
            #expect(bout.searchTitle == "ça va éclair")
            try context.save()
            #expect(bout.searchTitle == "next" && !bout.hasChanges)
            #expect(try #require(bout.savedAt) >= firstSave)
        }
    }

    @Test(arguments: StoreBackend.all)
    func aCountAndASumFollowInsertedRelinkedAndDeletedMembers(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let context = container.newBackgroundContext()
        try await context.perform {
            let home = try context.insertBout("home")
            let away = try context.insertBout("away")
            let pledge = try context.insertPledge(5, on: home)
            try context.insertPledge(7, on: home)
            try context.save()
            #expect(home.pledgeCount == 2 && home.totalStake == 12 && away.pledgeCount == 0)
            pledge.bout = away
            try context.save()
            #expect(home.pledgeCount == 1 && home.totalStake == 7 && away.pledgeCount == 1 && away.totalStake == 5)
            context.delete(pledge)
            try context.save()
            #expect(away.pledgeCount == 0 && away.totalStake == 0)
        }
    }

    @MainActor @Test func aDerivedValueARelatedSaveChangesNotifiesObservationTracking() throws {
        let context = try PersistentContainer(name: "Derived", model: DerivedModel.model, store: .inMemory).viewContext
        let bout = try context.insertBout("f")
        try context.save()
        let count = TrackingCounter()
        let title = TrackingCounter()
        count.track { _ = bout.pledgeCount }
        title.track { _ = bout.title }
        let pledge = try context.insert(Pledge.self)
        pledge.stake = 1
        try context.save()
        #expect(count.count == 0 && bout.pledgeCount == 0)
        pledge.bout = bout
        try context.save()
        #expect(count.count == 1 && title.count == 0 && bout.pledgeCount == 1)
    }

    @Test(arguments: StoreBackend.all)
    func renamingADestinationUpdatesEveryObjectThatCopiesIt(_ backend: StoreBackend) async throws {
        let container = try await container(backend)
        let writer = container.newBackgroundContext()
        let (tournamentID, boutIDs) = try await writer.perform {
            let cup = try writer.insert(Tournament.self)
            cup.name = "Cup"
            let bouts = try (0..<3).map { try writer.insertBout("f\($0)", in: cup) }
            try writer.save()
            return (cup.objectID, bouts.map(\.objectID))
        }
        let other = container.newBackgroundContext()
        try await other.perform {
            let cup = try #require(try other.existingObject(with: tournamentID) as? Tournament)
            cup.name = "League"
            try other.save()
        }
        let names = try await writer.perform { try boutIDs.map { try writer.freshBout($0).tournamentName } }
        #expect(names == ["League", "League", "League"])
    }

    @Test(arguments: StoreBackend.all)
    func derivedChangesReachOtherContextsAndTheHistoryAsUpdates(_ backend: StoreBackend) async throws {
        let container = try await container(backend, history: true)
        let reader = container.newBackgroundContext()
        reader.automaticallyMergesChangesFromParent = true
        let writer = container.newBackgroundContext()
        let id = try await writer.perform {
            let bout = try writer.insertBout("f")
            try writer.save()
            return bout.objectID
        }
        let token = try await reader.perform {
            #expect((try reader.existingObject(with: id) as? Bout)?.pledgeCount == 0)
            return try #require(try reader.fetchHistory(after: nil).last?.token)
        }
        let changeSet = try await writer.perform { () throws -> ChangeSet? in
            let bout = try #require(try writer.existingObject(with: id) as? Bout)
            let events = Recorder<ChangeEvent>()
            let observer = writer.addChangeObserver { events.append($0) }
            defer { observer.cancel() }
            try writer.insertPledge(3, on: bout)
            try writer.save()
            return events.values.last { $0.kind == .save }?.changeSet
        }
        #expect(changeSet?.changedKeys[id]?.isSuperset(of: ["pledgeCount", "totalStake", "pledges"]) == true)
        await reader.flush()
        let (count, history) = try await reader.perform {
            ((reader.object(with: id) as? Bout)?.pledgeCount, try reader.fetchHistory(after: token).flatMap(\.changes).filter { $0.changedObjectID == id })
        }
        #expect(count == 1)
        #expect(history.map(\.changeType) == [.update])
        #expect(history.first?.updatedProperties.isSuperset(of: ["pledgeCount", "totalStake"]) == true)
    }

    @Test(arguments: StoreBackend.all)
    func requestsFilterSortAndSectionByDerivedColumns(_ backend: StoreBackend) async throws {
        let context = try await container(backend).newBackgroundContext()
        try await context.perform {
            let cup = try context.insert(Tournament.self)
            cup.name = "Cup"
            let quiet = try context.insertBout("Quiet", in: cup)
            let busy = try context.insertBout("Busy")
            try context.insertPledge(1, on: busy)
            try context.insertPledge(1, on: busy)
            try context.insertPledge(1, on: quiet)
            try context.save()
            let filtered = FetchRequest<Bout>(predicate: try FetchPredicate(format: "pledgeCount > 1 AND searchTitle BEGINSWITH 'bu'"))
            #expect(try context.fetch(filtered).map(\.title) == ["Busy"])
            let sorted = FetchRequest<Bout>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.pledgeCount, ascending: false)])
            #expect(try context.fetch(sorted).map(\.title) == ["Busy", "Quiet"])
            let compiled = try CompiledFetchRequest(sorted, model: context.model, sectionNameKeyPath: "tournamentName")
            #expect(compiled.sectionValue(of: quiet) as? String == "Cup")
        }
    }

    @Test(arguments: StoreBackend.all)
    func batchInsertsAndDeletesKeepDerivedValuesCurrent(_ backend: StoreBackend) async throws {
        let context = try await container(backend).newBackgroundContext()
        try await context.perform {
            let bout = try context.insertBout("f")
            try context.insertPledge(2, on: bout)
            try context.insertPledge(3, on: bout)
            try context.save()
            try context.execute(BatchInsertRequest<Bout>(objects: [["title": "Batch Inserted"]]))
            let inserted = try context.fetch(FetchRequest<Bout>(predicate: try FetchPredicate(format: "title == 'Batch Inserted'")))
            #expect(inserted.map(\.searchTitle) == ["batch inserted"])
            try context.execute(BatchDeleteRequest<Pledge>(predicate: try FetchPredicate(format: "stake == 2")))
            #expect(try context.freshBout(bout.objectID).totalStake == 3)
            #expect(bout.pledgeCount == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func batchUpdatesOfADerivedAttributeFailNamingIt(_ backend: StoreBackend) async throws {
        let context = try await container(backend).newBackgroundContext()
        await context.perform {
            var counts = BatchUpdateRequest<Bout>()
            counts.set(\.title, to: "t")
            counts.set(\.pledgeCount, to: 9)
            #expect {
                try context.execute(counts)
            } throws: { error in
                guard case ObjectStoreError.invalidBatchRequest(let entity, let reason) = error else { return false }
                return entity == "Bout" && reason.contains("pledgeCount is derived")
            }
            var titles = BatchUpdateRequest<Bout>()
            titles.set("searchTitle", to: "s")
            #expect(throws: ObjectStoreError.self) { try context.execute(titles) }
        }
    }

    @Test(arguments: StoreBackend.all)
    func addingDerivedAttributesFillsTheRowsAlreadyStored(_ backend: StoreBackend) async throws {
        let description: StoreDescription = backend == .sqlite
            ? StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Derived")))
            : try await backend.storeDescription()
        let plain = try PersistentContainer(name: "Derived", model: DerivedModel.withoutDerivedAttributes, store: description)
        let writer = plain.newBackgroundContext()
        try await writer.perform {
            let cup = try writer.insert(PlainTournament.self)
            cup.name = "Cup"
            let bout = try writer.insert(PlainBout.self)
            bout.title = "Old Title"
            bout.tournament = cup
            for stake in [4, 6] {
                let pledge = try writer.insert(PlainPledge.self)
                pledge.stake = stake
                pledge.bout = bout
            }
            try writer.save()
        }
        let container = try PersistentContainer(name: "Derived", model: DerivedModel.model, store: description)
        let reader = container.newBackgroundContext()
        let bout = try await reader.perform { () throws -> [String] in
            let bout = try #require(try reader.fetch(FetchRequest<Bout>()).first)
            return [bout.searchTitle, bout.tournamentName ?? "nil", "\(bout.pledgeCount)", "\(bout.totalStake)"]
        }
        #expect(bout == ["old title", "Cup", "2", "10"])
    }

    @Test func changingADerivationFillsTheColumnAgain() async throws {
        let store = StoreDescription(location: .file(TestModel.temporaryStoreURL(name: "Notes")))
        let lower = try PersistentContainer(name: "Notes", model: ManagedObjectModel([LowercaseNote.self]), store: store)
        let writer = lower.newBackgroundContext()
        let before = try await writer.perform { () throws -> String in
            let note = try writer.insert(LowercaseNote.self)
            note.title = "Mixed Case"
            try writer.save()
            return note.label
        }
        let upper = try PersistentContainer(name: "Notes", model: ManagedObjectModel([UppercaseNote.self]), store: store)
        let reader = upper.newBackgroundContext()
        let after = try await reader.perform { try reader.fetch(FetchRequest<UppercaseNote>()).map(\.label) }
        #expect(before == "mixed case" && after == ["MIXED CASE"])
    }
}
