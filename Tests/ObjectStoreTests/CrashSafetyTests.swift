import Foundation
import ObjectStore
@testable import objectstore_crash_writer
import ProcessTesting
import TestSupport
import Testing

@Suite struct CrashSafetyTests {
    @Test func killedWriterLeavesAPrefixOfReportedSaves() async throws {
        let writer = try BuiltExecutable.url(named: "objectstore-crash-writer")
        let url = TestModel.temporaryStoreURL(name: "Crash")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 0xC0FFEE)
        var nextBatch = 0
        let kills = TestEnvironment.count("OBJECTSTORE_CRASH_KILLS", default: 20)
        for round in 0..<kills {
            let process = Process()
            process.executableURL = writer
            process.arguments = [url.path, String(nextBatch)]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let delay = UInt64.random(in: 20_000_000...150_000_000, using: &generator)
            try await Task.sleep(nanoseconds: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let reported = output.split(separator: "\n").compactMap { line -> Int? in
                line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
            }
            // Reopen and check: batches 0...n complete, each with its full size, none beyond.
            let container = try PersistentContainer(name: "Crash", model: CrashTestEntry.model, store: StoreDescription(location: .file(url)))
            let context = container.newBackgroundContext()
            let batches = try await context.perform {
                try context.fetch(CrashTestEntry.self).map { ($0.batch, $0.position) }
            }
            var sizes: [Int: Int] = [:]
            for (batch, _) in batches { sizes[batch, default: 0] += 1 }
            let stored = sizes.keys.sorted()
            let last = stored.last ?? -1
            #expect(stored == Array(0...max(last, 0)).filter { _ in last >= 0 }, "round \(round): batches are not a prefix")
            for (batch, size) in sizes {
                #expect(size == batch % 5 + 1, "round \(round): batch \(batch) is torn (\(size) rows)")
            }
            if let lastReported = reported.last {
                #expect(last >= lastReported, "round \(round): batch \(lastReported) was reported committed but is missing")
            }
            nextBatch = last + 1
        }
        #expect(nextBatch > 0)
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
