import Foundation
package import ObjectStore

/// Opens the demo's store: checks that an existing file is the demo's own, opens it through the
/// object store, and gives a new store its mark and a first data set.
package enum ScoreboardStore {
    /// The container of the store at `location`, seeded from `seed` when it is new.
    ///
    /// - Parameters:
    ///   - busyTimeout: How long to wait for another process's lock before failing.
    /// - Throws: ``ScoreboardError/notAScoreboardStore(path:found:)`` for another program's
    ///   database (left unchanged), ``ScoreboardError/store(_:)`` for what the object store
    ///   refuses: a missing directory, a file that is not a database or is corrupt, a locked one.
    package static func open(_ location: StoreLocation, seed: UInt64, busyTimeout: Double = 2) throws(ScoreboardError) -> PersistentContainer {
        var description: StoreDescription
        switch location {
        case .inMemory:
            description = .inMemory
        case .file(let url):
            description = StoreDescription(location: .file(url), busyTimeout: busyTimeout)
        case .userDataDirectory:
            description = StoreDescription(location: .file(StoreLocation.defaultURL()), busyTimeout: busyTimeout)
            description.createsMissingDirectory = true
        }
        if case .file(let url) = description.location {
            try StoreOwnership.check(url)
        }
        return try open(description: description, seed: seed)
    }

    /// The container of the store `description` names (a PostgreSQL store, for one), seeded
    /// from `seed` when it holds no data set yet.
    ///
    /// - Throws: ``ScoreboardError/store(_:)`` for what the object store refuses.
    package static func open(description: StoreDescription, seed: UInt64) throws(ScoreboardError) -> PersistentContainer {
        let container: PersistentContainer
        do {
            container = try PersistentContainer(name: "scoreboard", model: ScoreboardModel.model, store: description)
        } catch {
            throw .store(error)
        }
        let context = container.newBackgroundContext(name: "seed")
        do {
            try context.performAndWait { () throws(ObjectStoreError) in
                guard try context.count(for: FetchRequest<ScoreboardMark>()) == 0 else { return }
                _ = try context.insert(ScoreboardMark.self)
                var feed = LiveFeed(seed: seed)
                try feed.seedFirstDataSet(in: context)
                try context.save()
            }
        } catch {
            throw .store(error)
        }
        return container
    }

    /// The home screen's context on `container`: it follows the feed's saves, and other hosts'
    /// or processes' saves to the same store.
    package static func homeContext(of container: PersistentContainer) -> ManagedObjectContext {
        let context = container.newBackgroundContext(name: "home")
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true
        return context
    }
}
