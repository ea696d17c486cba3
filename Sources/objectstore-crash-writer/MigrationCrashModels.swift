import Foundation
import ObjectStore

/// Version 1 of the store the migration crash test migrates: entries with a label and an
/// integer score.
enum MigrationCrashV1 {
    final class Entry: ManagedObject {
        @Attribute var label = ""
        @Attribute var score = 0
        override class var entityName: String { "Entry" }
    }

    static let version = ModelVersion("1", model: ManagedObjectModel([Entry.self]))
}

/// Version 2: `label` renamed `title`, `score` stored as text.
enum MigrationCrashV2 {
    final class Entry: ManagedObject {
        @Attribute var title = ""
        @Attribute var score = ""
        override class var entityName: String { "Entry" }
        override class var renamingIdentifiers: [String: String] { ["title": "label"] }
    }

    static let version = ModelVersion("2", model: ManagedObjectModel([Entry.self]))

    /// The plan from version 1, reporting its progress to `progress`.
    static func plan(progress: (@Sendable (MigrationProgress) -> Void)? = nil) -> MigrationPlan {
        MigrationPlan(versions: [MigrationCrashV1.version, version], stages: [.lightweight(from: "1", to: "2")], progress: progress)
    }
}

/// Numbers the migration's progress reports, which arrive on the thread that opens the container.
final class MigrationReportCounter: @unchecked Sendable {
    // Guarded by `lock`.
    private var count = 0
    private let lock = NSLock()

    /// The number of this report, from 1.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
