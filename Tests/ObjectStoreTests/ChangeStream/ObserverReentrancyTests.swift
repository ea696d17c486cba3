import Foundation
import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// No lock is held while observers run: every kind of observer can save (on its own context and
/// on another), fetch, and open new contexts, and every save returns.
@Suite struct ObserverReentrancyTests {
    /// Work an observer does once: a save on its own context, a save on another context, a fetch,
    /// and new contexts (a background one, a child that saves into it, the view context). Two
    /// objects reach the store.
    private static func reenter(_ own: ManagedObjectContext?, _ container: PersistentContainer, label: String) throws {
        if let own {
            try own.performAndWait { () throws in
                _ = try own.insertEvent(code: "\(label) own save")
                try own.save()
                _ = try own.count(for: FetchRequest<Event>())
            }
        }
        let other = container.newBackgroundContext(name: "\(label) other")
        try other.performAndWait { () throws in
            _ = try other.insertEvent(code: "\(label) other save")
            try other.save()
            _ = try other.fetchObjectIDs(FetchRequest<Event>())
        }
        let child = other.newChildContext()
        try child.performAndWait { () throws in
            _ = try child.insertEvent(code: "\(label) child save")
            try child.save()
        }
        _ = container.viewContext
    }

    /// Runs `body`, failing when it does not finish in five minutes (a deadlock: a loaded machine
    /// running the whole suite can take a minute) instead of hanging. The work runs in a task of
    /// its own, which the test stops waiting for.
    private func withinFiveMinutes(_ what: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
        let outcome = Recorder<Result<Bool, any Error>>()
        let finished: Result<Bool, any Error> = await withCheckedContinuation { continuation in
            let resume: @Sendable (Result<Bool, any Error>) -> Void = { result in
                if outcome.append(result) == 1 { continuation.resume(returning: result) }
            }
            Task.detached {
                do {
                    try await body()
                    resume(.success(true))
                } catch {
                    resume(.failure(error))
                }
            }
            Task.detached {
                try? await Task.sleep(for: .seconds(300))
                resume(.success(false))
            }
        }
        #expect(try finished.get(), "\(what) did not finish: a deadlock")
    }

    @Test(arguments: StoreBackend.all) func contextObserversSaveFetchAndOpenContexts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let background = container.newBackgroundContext(name: "observed")
        background.automaticallyMergesChangesFromParent = true
        let child = background.newChildContext()
        let done = Recorder<String>()
        var tokens: [ObservationToken] = []
        for (label, context) in [("background", background), ("child", child)] {
            let once = Recorder<Bool>()
            tokens.append(context.addChangeObserver { event in
                guard event.kind == .save || event.kind == .merge, once.values.isEmpty else { return }
                once.append(true)
                do {
                    try Self.reenter(context, container, label: label)
                    done.append(label)
                } catch {
                    Issue.record("\(label) observer: \(error)")
                }
            })
        }
        try await withinFiveMinutes("context observers") {
            try await background.perform {
                _ = try background.insertEvent(code: "first")
                try background.save()
            }
            try await child.perform {
                _ = try child.insertEvent(code: "in the child")
                try child.save()
            }
            await background.flush()
            await child.flush()
        }
        #expect(Set(done.values) == ["background", "child"])
        tokens.removeAll()
    }

    @MainActor @Test(arguments: StoreBackend.all) func viewContextObserversSaveFetchAndOpenContexts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let done = Recorder<String>()
        let token = view.addMainActorChangeObserver { event in
            guard event.kind == .merge, done.values.isEmpty else { return }
            do {
                try Self.reenter(view, container, label: "view")
                done.append("view")
            } catch {
                Issue.record("view observer: \(error)")
            }
        }
        defer { token.cancel() }
        let background = container.newBackgroundContext()
        try await withinFiveMinutes("the view context's observer") {
            try await background.perform {
                _ = try background.insertEvent(code: "merged into the view context")
                try background.save()
            }
            await container.viewContext.flush()
        }
        #expect(done.values == ["view"])
        #expect(try view.count(for: FetchRequest<Event>()) == 1 + 2)
    }

    @Test(arguments: StoreBackend.all) func streamConsumersSaveFetchAndOpenContexts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let background = container.newBackgroundContext(name: "observed")
        let events = background.changeEvents()
        let changeSets = container.changeSets()
        let saving = container.newBackgroundContext()
        try await withinFiveMinutes("stream consumers") {
            try await saving.perform {
                _ = try saving.insertEvent(code: "for the container stream")
                try saving.save()
            }
            try await background.perform {
                _ = try background.insertEvent(code: "for the context stream")
                try background.save()
            }
            for await event in events where event.kind == .save {
                try await background.perform { try Self.reenter(background, container, label: "context stream") }
                break
            }
            for await _ in changeSets {
                try await saving.perform { try Self.reenter(saving, container, label: "container stream") }
                break
            }
        }
        let count = try await saving.perform { try saving.count(for: FetchRequest<Event>()) }
        #expect(count == 2 + 2 + 2)
    }

    @Test(arguments: StoreBackend.all) func containerObserversSaveFetchAndOpenContexts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let first = container.newBackgroundContext(name: "first saver")
        let done = Recorder<String>()
        let token = container.addChangeSetObserver { changeSet in
            // The first change set only: the observer's own saves publish more.
            guard done.values.isEmpty, changeSet.originator == first.identifier else { return }
            done.append("started")
            do {
                // The observer runs at the end of the first context's save, on its queue.
                try Self.reenter(first, container, label: "container observer")
                done.append("container observer")
            } catch {
                Issue.record("container observer: \(error)")
            }
        }
        defer { token.cancel() }
        let published = Recorder<Int64>()
        let counting = container.addChangeSetObserver { published.append($0.transactionNumber) }
        defer { counting.cancel() }
        try await withinFiveMinutes("the container observer") {
            try await first.perform {
                _ = try first.insertEvent(code: "first")
                try first.save()
            }
        }
        #expect(done.values == ["started", "container observer"])
        // Every change set, the observer's own included, reached the observers in commit order.
        #expect(published.values == Array(1...3))
    }
}
