import FetchedResults
import Foundation
import ObjectStore

/// One process of the `remote-4-processes` benchmark. A container whose follower context runs a
/// controller over every fixture (in sections by group) and merges other processes' commits;
/// after `go` on standard input, a writer context of the same container changes one fixture of
/// its own per save, `savesPerSecond` times a second for `seconds`, stamping it with the time.
/// For every change the follower's stream delivers after the controller has followed it, prints
/// `remote <ms>` (another process's save) or `local <ms>` (this process's writer: the in-process
/// reference), the time from the stamp to the delivery. After its last save, prints `saved
/// <saves> <seconds>`: how long its saves took from the first (a node that cannot keep up takes
/// longer than asked, and the benchmark reports the rate it sustained). Ends with `done`.
struct PeerBenchNode {
    let path: String
    let index: Int
    let nodes: Int
    let savesPerSecond: Int
    let seconds: Double

    func run() throws {
        let container = try PeerModel.container(path: path)
        let follower = PeerModel.followingContext(of: container)
        let controller = try follower.performAndWait { () throws -> FetchedResultsController<PeerFixture> in
            let controller = FetchedResultsController(fetchRequest: FollowedLists.fixturesRequest, managedObjectContext: follower, sectionNameKeyPath: "group")
            try controller.performFetch()
            return controller
        }
        // Registered after the controller, so it runs once the controller has delivered.
        let observation = follower.addChangeObserver { event in
            guard event.kind == .merge, let changeSet = event.changeSet else { return }
            let now = Date().timeIntervalSince1970 * 1000
            for (id, keys) in event.changedKeys where keys.contains("stamp") {
                guard let fixture = try? follower.existingObject(with: id) as? PeerFixture else { continue }
                PeerOutput.write("\(changeSet.isRemote ? "remote" : "local") \(now - fixture.stamp)")
            }
        }
        PeerOutput.write("ready \(follower.performAndWait { controller.fetchedObjects?.count ?? 0 })")
        guard readLine() == "go" else { return }
        try write(container)
        Thread.sleep(forTimeInterval: 1)
        observation.cancel()
        PeerOutput.write("done")
    }

    /// Saves at the rate asked, one fixture of this node's share per save.
    private func write(_ container: PersistentContainer) throws {
        let writer = container.newBackgroundContext(name: "bench writer \(index)")
        writer.mergePolicy = .mergeByPropertyObjectTrump
        let own = try writer.performAndWait { () throws -> [PeerFixture] in
            var request = FetchRequest<PeerFixture>()
            // A thousand fixtures no other node changes.
            request.predicate = try FetchPredicate(format: "score >= %@ AND score < %@", index * 1_000, index * 1_000 + 1_000)
            return Array(try writer.fetch(request))
        }
        let interval = 1 / Double(savesPerSecond)
        let start = Date().timeIntervalSince1970
        let count = Int(seconds * Double(savesPerSecond))
        var completed = 0
        defer { PeerOutput.write("saved \(completed) \(Date().timeIntervalSince1970 - start)") }
        for save in 0..<count {
            let due = start + Double(save) * interval
            let wait = due - Date().timeIntervalSince1970
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            try writer.performAndWait { () throws in
                let fixture = own[save % own.count]
                fixture.stamp = Date().timeIntervalSince1970 * 1000
                try writer.save()
            }
            completed += 1
        }
    }
}

/// Fills a new store with `count` fixtures in 20 groups, for the benchmark nodes.
struct PeerPopulate {
    let path: String
    let count: Int

    func run() throws {
        let container = try PeerModel.container(path: path)
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws in
            for number in 0..<count {
                let fixture = try context.insert(PeerFixture.self)
                fixture.title = "f\(number)"
                fixture.group = "G\(number % 20)"
                fixture.score = number
                if number % 10_000 == 9_999 {
                    try context.save()
                    context.reset()
                }
            }
            try context.save()
        }
        PeerOutput.write("populated \(count)")
    }
}
