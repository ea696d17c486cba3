// Saves batches into an object store in a loop and reports each committed batch on standard
// output, so a test can kill it at any moment and check that the store holds exactly a prefix of
// the reported saves.
//
// With `migrate`, opens a version-1 store of the migration crash test's model at version 2
// instead, reporting the migration's progress and its end, so a test can kill it mid-migration.
//
// Usage: objectstore-crash-writer <store-path> <first-batch>
//        objectstore-crash-writer migrate <store-path> [kill-at-progress-report]
import Foundation
import ObjectStore

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "migrate" {
    // With a number N, the helper kills itself with SIGKILL at its Nth progress report: inside
    // the migration's transaction, at a point the test chooses.
    let killAtReport = arguments.count > 3 ? Int(arguments[3]) : nil
    let reports = MigrationReportCounter()
    do {
        let plan = MigrationCrashV2.plan { progress in
            FileHandle.standardOutput.write(Data("progress \(progress.completedUnitCount)/\(progress.totalUnitCount)\n".utf8))
            if reports.next() == killAtReport { kill(getpid(), SIGKILL) }
        }
        _ = try PersistentContainer(name: "MigrationCrash", migrationPlan: plan, store: StoreDescription(location: .file(URL(fileURLWithPath: arguments[2]))))
        FileHandle.standardOutput.write(Data("migrated\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("objectstore-crash-writer: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 3, let firstBatch = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: objectstore-crash-writer <store-path> <first-batch>\n".utf8))
    exit(2)
}

do {
    let model = CrashTestEntry.model
    let container = try PersistentContainer(
        name: "CrashTest", model: model,
        store: StoreDescription(location: .file(URL(fileURLWithPath: arguments[1]))))
    let context = container.newBackgroundContext()
    try context.performAndWait { () throws(ObjectStoreError) in
        var batch = firstBatch
        while true {
            // Each batch has 1 to 5 rows, so a torn save would show as a partial batch.
            let size = batch % 5 + 1
            for position in 0..<size {
                let entry = try context.insert(CrashTestEntry.self)
                entry.batch = batch
                entry.position = position
                entry.payload = String(repeating: "x", count: 200 + position)
            }
            try context.save()
            FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
            batch += 1
        }
    }
} catch {
    FileHandle.standardError.write(Data("objectstore-crash-writer: \(error)\n".utf8))
    exit(1)
}
