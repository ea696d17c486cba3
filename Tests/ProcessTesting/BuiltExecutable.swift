package import Foundation
import Testing

/// The package's executables that tests run as other processes.
package enum BuiltExecutable {
    /// The executable `name`: the one built beside the test bundle (`swift test` builds every
    /// product), else one the test builds with `swift build --product` into a build folder of its
    /// own (the test run holds the lock of the usual one).
    package static func url(named name: String) throws -> URL {
        if let built = builtBesideTheTests(name) { return built }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = packageRoot.appendingPathComponent(".build-test-executables")
        build.arguments = ["swift", "build", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "--product", name]
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        build.waitUntilExit()
        let executable = scratch.appendingPathComponent("debug").appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "\(name) is not built and `swift build --product \(name)` did not build it")
        return executable
    }

    /// The executable if it is built beside the test bundle (or up to three folders above it).
    private static func builtBesideTheTests(_ name: String) -> URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in candidates {
            var current = directory
            for _ in 0..<4 {
                let url = current.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                current = current.deletingLastPathComponent()
            }
        }
        return nil
    }
}
