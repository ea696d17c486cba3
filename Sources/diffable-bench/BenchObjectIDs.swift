import Foundation
import GRDB
import ObjectStore

/// Object IDs for the snapshot benchmark, fetched from a store as an application gets them.
enum BenchObjectIDs {
    /// `count` distinct IDs of one entity: rows written straight into a fresh store file, then
    /// their IDs fetched.
    static func make(count: Int) throws -> [ObjectID] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("ids.sqlite")
        let container = try PersistentContainer(name: "SnapshotBench", model: FetchBenchModel.model, store: StoreDescription(location: .file(url)))
        try FetchBenchModel.fill(try DatabasePool(path: url.path), count: count)
        let context = container.newBackgroundContext()
        let objectIDs = try context.performAndWait { try context.fetchObjectIDs(ObjectStore.FetchRequest<FetchBenchItem>()) }
        precondition(objectIDs.count == count && Set(objectIDs).count == count, "expected \(count) distinct object IDs, got \(objectIDs.count)")
        return objectIDs
    }
}
