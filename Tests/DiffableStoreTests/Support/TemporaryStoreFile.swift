import DiffableStore
import Foundation

/// Runs `body` with a store file in a directory of its own, removed afterwards: for examples
/// that open the default file store, which a test does not touch.
func withTemporaryStoreFile<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StoreDescription) async throws -> Result
) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(StoreDescription(location: .file(directory.appendingPathComponent("Scores.sqlite"))))
}
