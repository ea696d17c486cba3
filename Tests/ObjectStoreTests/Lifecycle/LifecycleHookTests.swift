import Foundation
import ObjectStore
import StoreBackends
import Testing

/// `awakeFromInsert()`, `awakeFromFetch()`, `willSave()`, `didSave()` and `prepareForDeletion()`.
@Suite struct LifecycleHookTests {
    @Test func awakeFromInsertRunsOnceAndItsValuesAreTheInsertsOwn() throws {
        let context = try HookModel.model.inMemoryContainer().newBackgroundContext()
        try context.performAndWait {
            let article = try context.insert(Article.self)
            let other = try Article(context: context)
            #expect(article.calls == ["awakeFromInsert"] && other.calls == ["awakeFromInsert"])
            #expect(article.origin == "inserted")
            #expect(article.changedValues().keys.contains("origin"))
            try context.save()
            #expect(article.calls.filter { $0 == "awakeFromInsert" }.count == 1)
        }
    }

    @Test func awakeFromFetchRunsWhenAFetchOrAFaultBringsTheValuesIn() throws {
        let container = try HookModel.model.inMemoryContainer()
        let writer = container.newBackgroundContext()
        let ids = try writer.performAndWait {
            let first = try writer.insert(Article.self), second = try writer.insert(Article.self)
            try writer.save()
            return [first.objectID, second.objectID]
        }
        let reader = container.newBackgroundContext()
        try reader.performAndWait {
            let fault = try #require(reader.object(with: ids[1]) as? Article)
            #expect(fault.calls.isEmpty)
            _ = fault.title
            #expect(fault.calls == ["awakeFromFetch"])
            let fetched = try reader.fetch(FetchRequest<Article>())
            #expect(fetched.count == 2)
            #expect(fetched.allSatisfy { $0.calls == ["awakeFromFetch"] })
            // Fetching again brings nothing new in.
            _ = try reader.fetch(FetchRequest<Article>())
            #expect(fetched.allSatisfy { $0.calls == ["awakeFromFetch"] })
        }
    }

    @Test(arguments: StoreBackend.all)
    func changesMadeInWillSaveArePartOfTheSaveAndOfItsEvent(_ backend: StoreBackend) async throws {
        let container = try await backend.container(name: "Hooks", model: HookModel.model)
        let context = container.newBackgroundContext()
        let (events, token) = context.recordChanges()
        let id = try context.performAndWait {
            let article = try context.insert(Article.self)
            article.title = "Hello World"
            try context.save()
            #expect(article.slug == "hello-world")
            #expect(article.calls == ["awakeFromInsert", "willSave", "willSave", "didSave"])
            article.calls = []
            article.title = "Second Take"
            try context.save()
            #expect(article.calls == ["willSave", "willSave", "didSave"])
            return article.objectID
        }
        await context.flush()
        let saves = events.events(.save)
        #expect(saves.count == 2)
        #expect(saves.last?.changedKeys[id] == ["title", "slug"])
        withExtendedLifetime(token) {}
        let reader = container.newBackgroundContext()
        let slug = try reader.performAndWait { try reader.fetch(FetchRequest<Article>()).first?.slug }
        #expect(slug == "second-take")
    }

    @Test func willSaveRunsOnObjectsThatOtherWillSaveCallsChange() throws {
        let context = try HookModel.model.inMemoryContainer().newBackgroundContext()
        try context.performAndWait {
            let article = try context.insert(Article.self)
            try context.save()
            article.calls = []
            let remark = try context.insert(Remark.self)
            remark.text = "first"
            remark.article = article
            try context.save()
            #expect(article.title == "Re first" && article.slug == "re-first")
            #expect(article.calls.filter { $0 == "willSave" }.count >= 2)
            #expect(!context.hasChanges)
        }
    }

    @Test func aWillSaveThatNeverSettlesStopsTheSaveWithATypedError() throws {
        let container = try HookModel.model.inMemoryContainer()
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let article = try context.insert(Article.self)
            article.bumpsOnEverySave = true
            guard case let .saveHooksDidNotSettle(rounds, objects) = context.saveError() else {
                Issue.record("the save did not stop")
                return
            }
            #expect(objects == [article.objectID])
            #expect(rounds == article.calls.filter { $0 == "willSave" }.count)
            #expect(context.insertedObjects == [article])
            let reader = container.newBackgroundContext()
            #expect(try reader.performAndWait { try reader.count(for: FetchRequest<Article>()) } == 0)
            article.bumpsOnEverySave = false
            try context.save()
        }
    }

    @Test func didSaveRunsOnceTheSaveIsDoneAndNotWhenItFails() throws {
        let context = try HookModel.model.inMemoryContainer().newBackgroundContext()
        try context.performAndWait {
            let article = try context.insert(Article.self)
            try context.save()
            #expect(article.calls.last == "didSave")
            article.bumpsOnEverySave = true
            article.title = "x"
            article.calls = []
            #expect(context.saveError() != nil)
            #expect(!article.calls.contains { $0.hasPrefix("didSave") })
        }
    }

    @Test func prepareForDeletionRunsBeforeTheDeleteRules() throws {
        let context = try HookModel.model.inMemoryContainer().newBackgroundContext()
        try context.performAndWait {
            let article = try context.insert(Article.self)
            let remark = try context.insert(Remark.self)
            remark.article = article
            try context.save()
            context.delete(article)
            #expect(article.calls.last == "prepareForDeletion(1 remarks)")
            #expect(remark.isDeleted)
            article.calls = []
            try context.save()
            #expect(article.calls == ["willSave", "didSave"])
        }
    }
}
