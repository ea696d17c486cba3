import Foundation
import ObjectStore
import ScoreboardCore

/// A temporary directory for store files, removed when the test is done with it.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scoreboard-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The store's contents as text, one line per sport and match, in a fixed order: two stores
/// with equal digests hold the same data.
func storeDigest(_ container: PersistentContainer) throws -> [String] {
    let context = container.newBackgroundContext()
    return try context.performAndWait { () throws -> [String] in
        let sports = try context.fetch(FetchRequest<Sport>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]))
        let matches = try context.fetch(FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.code)]))
        return sports.map { "sport \($0.name) \($0.rank)" }
            + matches.map { match in
                "match \(match.code) \(match.sport?.name ?? "-") \(match.home) v \(match.away) \(match.homeScore):\(match.awayScore) "
                    + "\(match.status) \(match.isFeatured) \(LiveFeed.oddsText(match)) \(match.start.timeIntervalSince1970)"
            }
    }
}
