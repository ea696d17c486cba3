import Foundation
import GRDB
import ObjectStore
import Testing

/// The bytes of a store file and the names of the files beside it, to check that opening
/// changed nothing.
struct StoreFileSnapshot: Equatable {
    let bytes: Data
    let neighbours: [String]

    init(_ url: URL) throws {
        bytes = try Data(contentsOf: url)
        neighbours = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()
    }

    /// The snapshot of a store a container wrote, once its log is copied into the file; the
    /// store's own `-wal` and `-shm` files are left out of `neighbours`. A container released by
    /// a test closes its connections in the background, and its last connection to close removes
    /// those two files (and would copy the log into the file, changing its bytes, had the log not
    /// been copied already): neither is the doing of what the test checks.
    static func checkpointed(_ url: URL) throws -> StoreFileSnapshot {
        try checkpoint(url)
        return try StoreFileSnapshot(url).withoutLog(of: url)
    }

    /// The snapshot of the same store again, to compare with one from ``checkpointed(_:)``.
    static func unlogged(_ url: URL) throws -> StoreFileSnapshot {
        try StoreFileSnapshot(url).withoutLog(of: url)
    }

    private init(bytes: Data, neighbours: [String]) {
        self.bytes = bytes
        self.neighbours = neighbours
    }

    private func withoutLog(of url: URL) -> StoreFileSnapshot {
        let name = url.lastPathComponent
        return StoreFileSnapshot(bytes: bytes, neighbours: neighbours.filter { $0 != name + "-wal" && $0 != name + "-shm" })
    }

    /// Copies the store's log into its file, waiting for a container that may still be
    /// checkpointing it in the background rather than failing on its lock.
    private static func checkpoint(_ url: URL) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try queue.close()
    }
}

/// The store opens only files it created, empty files and empty databases, and reports every
/// problem with its location when the container is created.
@Suite struct StoreFileTests {
    private func open(_ url: URL, model: ManagedObjectModel = PredicateModel.model) throws -> PersistentContainer {
        try PersistentContainer(name: "Files", model: model, store: StoreDescription(location: .file(url)))
    }

    /// Another program's database with a table named like one of the model's entities.
    private func foreignDatabase(walMode: Bool) throws -> URL {
        let url = TestModel.temporaryStoreURL(name: "Foreign")
        let writer: any DatabaseWriter = walMode ? try DatabasePool(path: url.path) : try DatabaseQueue(path: url.path)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE Player (id TEXT, title BLOB)")
            try db.execute(sql: "INSERT INTO Player VALUES ('a', x'00ff')")
            try db.execute(sql: "CREATE TABLE Notes (body TEXT)")
        }
        try writer.close()
        return url
    }

    private func expectForeign(_ url: URL, found: String) throws {
        let before = try StoreFileSnapshot(url)
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.foreignDatabase(let path, let description) = error else { return false }
            return path == url.path && description.contains(found) && "\(error)".contains(url.path)
        }
        #expect(try StoreFileSnapshot(url) == before, "the file and its directory are unchanged")
    }

    @Test(arguments: [false, true])
    func anotherProgramsDatabaseIsRefusedAndLeftUnchanged(walMode: Bool) throws {
        try expectForeign(try foreignDatabase(walMode: walMode), found: "'Player', 'Notes'")
    }

    @Test func aDatabaseWithAMetadataTableOfAnotherShapeIsRefused() throws {
        let url = TestModel.temporaryStoreURL(name: "Lookalike")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE Z_METADATA (something TEXT)") }
        try queue.close()
        try expectForeign(url, found: "'Z_METADATA'")
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
        let url = TestModel.temporaryStoreURL(name: "Text")
        try Data("name,score\nann,3\n".utf8).write(to: url)
        let before = try StoreFileSnapshot(url)
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.notADatabase(let path, let reason) = error else { return false }
            return path == url.path && reason.contains("6e 61 6d 65")
        }
        #expect(try StoreFileSnapshot(url) == before)
    }

    @Test func aStoreOfANewerVersionIsRefusedAndLeftUnchanged() throws {
        let url = TestModel.temporaryStoreURL(name: "Newer")
        do {
            let container = try open(url)
            let context = container.newBackgroundContext()
            try context.performAndWait { () throws(ObjectStoreError) in
                try context.insert(Club.self).name = "kept"
                try context.save()
            }
        }
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: "UPDATE Z_METADATA SET Z_VALUE = '2' WHERE Z_KEY = 'formatVersion'") }
        try queue.close()
        let before = try StoreFileSnapshot.checkpointed(url)
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.newerStoreVersion(let path, let version, let supported) = error else { return false }
            return path == url.path && version == 2 && supported == 1
        }
        #expect(try StoreFileSnapshot.unlogged(url) == before)
    }

    @Test func aStoreWrittenBeforeFormatVersionsOpensAndRecordsIt() throws {
        let url = TestModel.temporaryStoreURL(name: "Older")
        _ = try open(url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: "DELETE FROM Z_METADATA WHERE Z_KEY = 'formatVersion'") }
        try queue.close()
        _ = try open(url)
        let reader = try DatabaseQueue(path: url.path)
        let version = try reader.read { db in try String.fetchOne(db, sql: "SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = 'formatVersion'") }
        try reader.close()
        #expect(version == "1")
    }

    @Test func anEmptyFileAndAnEmptyDatabaseBecomeStores() throws {
        let emptyFile = TestModel.temporaryStoreURL(name: "EmptyFile")
        try Data().write(to: emptyFile)
        let emptyDatabase = TestModel.temporaryStoreURL(name: "EmptyDatabase")
        let queue = try DatabaseQueue(path: emptyDatabase.path)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 7") }
        try queue.close()
        for url in [emptyFile, emptyDatabase] {
            let container = try open(url)
            let context = container.newBackgroundContext()
            let count = try context.performAndWait { () throws(ObjectStoreError) -> Int in
                try context.insert(Club.self).name = "new"
                try context.save()
                return try context.count(for: FetchRequest<Club>())
            }
            #expect(count == 1)
        }
    }

    @Test func aMissingDirectoryFailsAtCreationAndIsNotCreated() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ObjectStoreTests-missing-\(UUID().uuidString)")
        let url = directory.appendingPathComponent("deeper").appendingPathComponent("Store.sqlite")
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.cannotOpenStore(let path, let reason) = error else { return false }
            return path == url.path && reason.contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func aMissingDirectoryIsCreatedWhenTheDescriptionAsks() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObjectStoreTests-created-\(UUID().uuidString)").appendingPathComponent("a").appendingPathComponent("Store.sqlite")
        var description = StoreDescription(location: .file(url))
        description.createsMissingDirectory = true
        _ = try PersistentContainer(name: "Files", model: PredicateModel.model, store: description)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(StoreDescription.defaultFile(name: "Scores").createsMissingDirectory)
    }

    @Test func aPathUnderARegularFileFailsAtCreation() throws {
        let file = TestModel.temporaryStoreURL(name: "plain.txt")
        try Data("not a directory".utf8).write(to: file)
        for url in [file.appendingPathComponent("Store.sqlite"), file.appendingPathComponent("sub").appendingPathComponent("Store.sqlite")] {
            var description = StoreDescription(location: .file(url))
            description.createsMissingDirectory = true
            #expect {
                _ = try PersistentContainer(name: "Files", model: PredicateModel.model, store: description)
            } throws: { error in
                guard case ObjectStoreError.cannotOpenStore(let path, _) = error else { return false }
                return path == url.path
            }
        }
    }

    @Test func aDirectoryAtTheFilesPathFailsAtCreation() throws {
        let url = TestModel.temporaryStoreURL(name: "Folder")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.cannotOpenStore(let path, let reason) = error else { return false }
            return path == url.path && reason.contains("directory")
        }
    }

    /// Root may write anywhere, so this runs only for other users.
    @Test(.enabled(if: geteuid() != 0)) func aDirectoryWithoutWritePermissionFailsAtCreation() throws {
        let url = TestModel.temporaryStoreURL(name: "ReadOnly")
        let directory = url.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
        #expect {
            _ = try open(url)
        } throws: { error in
            guard case ObjectStoreError.cannotOpenStore(let path, _) = error else { return false }
            return path == url.path
        }
    }
}
