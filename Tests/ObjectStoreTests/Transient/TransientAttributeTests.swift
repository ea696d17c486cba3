import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Transient attributes: tracked like any other value, never stored.
@Suite struct TransientAttributeTests {
    /// A context of a new store of `backend`, tracking history when `history` says so.
    private func context(on backend: StoreBackend, history: Bool = false) async throws -> ManagedObjectContext {
        var description = try await backend.storeDescription()
        description.persistentHistoryTracking = history
        return try PersistentContainer(name: "Transient", model: TransientModel.model, store: description).newBackgroundContext()
    }

    private func savedPanel(in context: ManagedObjectContext, title: String = "a") throws -> Panel {
        let panel = try context.insert(Panel.self)
        panel.title = title
        try context.save()
        return panel
    }

    @Test func aTransientAttributeHasNoColumn() {
        let entity = TransientModel.model.entity(for: Panel.self)
        #expect(entity.attributes.map(\.name) == ["title"])
        #expect(entity.transientAttributes.map(\.name) == ["isExpanded", "draft"])
        #expect(entity.transientAttributes.allSatisfy { $0.isTransient })
        #expect(entity.transientAttribute(named: "isExpanded")?.defaultValue == .integer(0))
        #expect(entity.attribute(named: "isExpanded") == nil)
    }

    @Test(arguments: StoreBackend.all)
    func aTransientValueIsNeverWrittenToTheStore(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Transient", model: TransientModel.model)
        let writer = container.newBackgroundContext()
        let id = try await writer.perform {
            let panel = try writer.insert(Panel.self)
            panel.isExpanded = true
            panel.draft = "unsent"
            try writer.save()
            #expect(panel.isExpanded && panel.draft == "unsent")
            return panel.objectID
        }
        let reader = container.newBackgroundContext()
        let read = try await reader.perform {
            let panel = try #require(try reader.existingObject(with: id) as? Panel)
            return (panel.isExpanded, panel.draft)
        }
        #expect(read == (false, nil))
    }

    @Test(arguments: StoreBackend.all)
    func settingATransientIsAChangeTheStreamReports(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        let events = Recorder<ChangeEvent>()
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            let token = context.addChangeObserver { events.append($0) }
            defer { token.cancel() }
            panel.isExpanded = true
            #expect(panel.hasChanges && panel.isUpdated && context.updatedObjects == [panel])
            #expect(panel.changedValues()["isExpanded"].flatMap { $0 as? Bool } == true)
            context.processPendingChanges()
            #expect(events.values.last?.changedKeys == [panel.objectID: ["isExpanded"]])
        }
    }

    @MainActor @Test func settingATransientNotifiesObservationTracking() throws {
        let context = try TransientModel.model.inMemoryContainer().viewContext
        let panel = try savedPanel(in: context)
        let expanded = TrackingCounter()
        let title = TrackingCounter()
        expanded.track { _ = panel.isExpanded }
        title.track { _ = panel.title }
        panel.isExpanded = true
        context.processPendingChanges()
        #expect(expanded.count == 1 && title.count == 0)
    }

    @Test(arguments: StoreBackend.all)
    func aSaveOfOnlyTransientChangesWritesNothingAndKeepsTheValues(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend, history: true)
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            let before = try context.fetchHistory(after: nil).count
            panel.isExpanded = true
            try context.save()
            #expect(try context.fetchHistory(after: nil).count == before)
            #expect(panel.isExpanded && !panel.hasChanges && !context.hasChanges)
            context.rollback()
            #expect(panel.isExpanded)
        }
    }

    @Test(arguments: StoreBackend.all)
    func theHistoryNeverNamesATransient(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend, history: true)
        let changes = try await context.perform {
            let panel = try self.savedPanel(in: context)
            let token = try #require(try context.fetchHistory(after: nil).last?.token)
            panel.isExpanded = true
            panel.title = "b"
            try context.save()
            return try context.fetchHistory(after: token).flatMap(\.changes)
        }
        #expect(changes.map(\.updatedProperties) == [["title"]])
    }

    @Test(arguments: StoreBackend.all)
    func aSavedChangeSetListsOnlyStoredKeys(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        let events = Recorder<ChangeEvent>()
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            panel.isExpanded = true
            context.processPendingChanges()
            let token = context.addChangeObserver { events.append($0) }
            defer { token.cancel() }
            panel.title = "b"
            try context.save()
            let saved = try #require(events.values.last { $0.kind == .save }?.changeSet)
            #expect(saved.changedKeys == [panel.objectID: ["title"]])
            #expect(panel.isExpanded && !panel.hasChanges)
        }
    }

    @Test(arguments: StoreBackend.all)
    func rollbackRestoresTheTransientValueFromBeforeTheEdits(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            panel.draft = "kept"
            try context.save()
            panel.draft = "edited"
            panel.isExpanded = true
            context.rollback()
            #expect(panel.draft == "kept" && !panel.isExpanded && !panel.hasChanges)
        }
    }

    @Test(arguments: StoreBackend.all)
    func refreshMergingKeepsTransientsAndRefreshWithoutMergingDropsThem(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            panel.isExpanded = true
            panel.draft = "saved"
            try context.save()
            panel.draft = "unsaved"
            context.refresh(panel, mergeChanges: true)
            #expect(panel.isExpanded && panel.draft == "unsaved")
            context.refresh(panel, mergeChanges: false)
            #expect(!panel.isExpanded && panel.draft == nil && panel.title == "a")
        }
    }

    @Test(arguments: StoreBackend.all)
    func aFetchShowsTheDefaultOrTheRegisteredObjectsValue(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        try await context.perform {
            let panel = try self.savedPanel(in: context)
            panel.isExpanded = true
            #expect(try context.fetch(FetchRequest<Panel>()).map(\.isExpanded) == [true])
            context.reset()
            #expect(try context.fetch(FetchRequest<Panel>()).map(\.isExpanded) == [false])
        }
    }

    @Test(arguments: StoreBackend.all)
    func aRequestByATransientFailsNamingTheEntityAndKey(_ backend: StoreBackend) async throws {
        let context = try await self.context(on: backend)
        let refused = FetchPredicateError.transientKey(entity: "Panel", key: "isExpanded")
        try await context.perform {
            let filtered = FetchRequest<Panel>(predicate: try FetchPredicate(format: "isExpanded == YES"))
            #expect(requestError { _ = try context.fetch(filtered) } == refused)
            let sorted = FetchRequest<Panel>(predicate: nil, sortDescriptors: [FetchSortDescriptor<Panel>(\.isExpanded)])
            #expect(requestError { _ = try context.fetch(sorted) } == refused)
            #expect(requestError { _ = try CompiledFetchRequest(FetchRequest<Panel>(), model: context.model, sectionNameKeyPath: "isExpanded") } == refused)
        }
    }

    /// The request error `body` throws, if any.
    private func requestError(_ body: () throws -> Void) -> FetchPredicateError? {
        do {
            try body()
            return nil
        } catch {
            guard case .invalidFetchRequest(let reason)? = error as? ObjectStoreError else { return nil }
            return reason
        }
    }

    @Test func addingOrRemovingATransientNeedsNoMigration() async throws {
        let url = TestModel.temporaryStoreURL(name: "Transient")
        let plain = try PersistentContainer(name: "T", model: TransientModel.withoutTransients, store: StoreDescription(location: .file(url)))
        let writer = plain.newBackgroundContext()
        try await writer.perform {
            try writer.insert(PlainPanel.self).title = "old"
            try writer.save()
        }
        let container = try PersistentContainer(name: "T", model: TransientModel.model, store: StoreDescription(location: .file(url)))
        let context = container.newBackgroundContext()
        let titles = try await context.perform { try context.fetch(FetchRequest<Panel>()).map { ($0.title, $0.isExpanded) } }
        #expect(titles.count == 1 && titles[0] == ("old", false))
        let again = try PersistentContainer(name: "T", model: TransientModel.withoutTransients, store: StoreDescription(location: .file(url)))
        let reader = again.newBackgroundContext()
        #expect(try await reader.perform { try reader.count(for: FetchRequest<PlainPanel>()) } == 1)
    }

    @Test func aChildSaveHandsTheTransientValuesToItsParent() throws {
        let parent = try TransientModel.model.inMemoryContainer().newBackgroundContext()
        try parent.performAndWait {
            let panel = try self.savedPanel(in: parent)
            let child = parent.newChildContext()
            try child.performAndWait {
                let copy = try #require(try child.existingObject(with: panel.objectID) as? Panel)
                copy.isExpanded = true
                try child.save()
            }
            #expect(panel.isExpanded && panel.hasChanges)
        }
    }
}
