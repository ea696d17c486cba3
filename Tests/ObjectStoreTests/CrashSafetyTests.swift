import Foundation
import ObjectStore
@testable import objectstore_crash_writer
import TestSupport
import Testing

@Suite struct CrashSafetyTests {
    /// The writer executable: the one built beside the test bundle (`swift test` builds every
    /// product), else one the test builds with `swift build --product` into a build folder of
    /// its own (the test run holds the lock of the usual one).
    static func writerExecutable() throws -> URL {
        if let built = builtWriter() { return built }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = packageRoot.appendingPathComponent(".build-crash-writer")
        build.arguments = ["swift", "build", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "--product", writerName]
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        build.waitUntilExit()
        let executable = scratch.appendingPathComponent("debug").appendingPathComponent(writerName)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "\(writerName) is not built and `swift build --product \(writerName)` did not build it")
        return executable
    }

    private static let writerName = "objectstore-crash-writer"

    /// The writer if it is built beside the test bundle (or up to three folders above it).
    private static func builtWriter() -> URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in candidates {
            var current = directory
            for _ in 0..<4 {
                let url = current.appendingPathComponent(writerName)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                current = current.deletingLastPathComponent()
            }
        }
        return nil
    }

    @Test func killedWriterLeavesAPrefixOfReportedSaves() async throws {
        let writer = try Self.writerExecutable()
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
