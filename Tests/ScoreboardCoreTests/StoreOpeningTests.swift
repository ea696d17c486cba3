import Foundation
import GRDB
import ObjectStore
import ScoreboardCore
import Testing

@Suite struct StoreOpeningTests {
    @Test func aNewStoreIsMarkedAndSeededOnceAndReopens() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("scores.sqlite")
        let first = try storeDigest(ScoreboardStore.open(.file(url), seed: 5))
        #expect(first.contains { $0.hasPrefix("sport Football") })
        // Reopening keeps the data and does not seed again, whatever the seed.
        let second = try storeDigest(ScoreboardStore.open(.file(url), seed: 99))
        #expect(second == first)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftByteForByte() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("other.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
            try db.execute(sql: "INSERT INTO invoices (total) VALUES (12.5)")
        }
        try queue.close()
        try expectRefusedUnchanged(url, mentioning: "was not created by the scoreboard")
    }

    @Test func anotherObjectStoreProgramsStoreIsRefusedAndLeftByteForByte() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("notes.sqlite")
        do {
            let container = try PersistentContainer(
                name: "notes", model: ManagedObjectModel([Note.self]), store: StoreDescription(location: .file(url)))
            let context = container.newBackgroundContext()
            try context.performAndWait { () throws in
                _ = try context.insert(Note.self)
                try context.save()
            }
        }
        try expectRefusedUnchanged(url, mentioning: "was not created by the scoreboard (it holds")
    }

    @Test func aCorruptFileIsAOneLineErrorAndLeftByteForByte() throws {
        let directory = try TemporaryDirectory()
        let text = directory.file("text.sqlite")
        try Data("these are not the scores you are looking for\n".utf8).write(to: text)
        try expectRefusedUnchanged(text, mentioning: "not a readable SQLite database")

        let truncated = directory.file("truncated.sqlite")
        var bytes = Data("SQLite format 3\0".utf8)
        bytes.append(contentsOf: (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try bytes.write(to: truncated)
        try expectRefusedUnchanged(truncated, mentioning: "not a readable SQLite database")
    }

    @Test func errorsAreOneLineThatSaysWhatToDo() {
        #expect(
            ScoreboardError.notAScoreboardStore(path: "/data/other.sqlite", found: "the tables invoices").description
                == "The database at /data/other.sqlite was not created by the scoreboard (it holds the tables invoices). "
                + "It was left unchanged; pass another --store path, or --in-memory."
        )
        #expect(
            ScoreboardError.unreadableBanners(path: "banners.json", reason: "The data isn't in the correct format.").description
                == "Cannot read the banners at banners.json: The data isn't in the correct format. Reinstall the demo or fix the file."
        )
    }

    @Test func aLockedStoreIsAnErrorAfterTheBusyTimeout() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("locked.sqlite")
        _ = try ScoreboardStore.open(.file(url), seed: 1)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: url.path, configuration: configuration)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        defer { try? holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") } }
        #expect {
            _ = try ScoreboardStore.open(.file(url), seed: 1, busyTimeout: 0.2)
        } throws: { error in
            let message = "\(error)"
            return message.contains("locked") && !message.contains("\n")
        }
    }

    @Test func theDefaultStoreLivesInTheUsersDataDirectory() {
        #if !canImport(Darwin)
            let xdg = StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"])
            #expect(xdg.path == "/data/me/scoreboard/scoreboard.sqlite")
            let home = StoreLocation.defaultURL(environment: ["HOME": "/home/me"])
            #expect(home.path == "/home/me/.local/share/scoreboard/scoreboard.sqlite")
            // A relative XDG_DATA_HOME is ignored, as the XDG specification asks.
            let relative = StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/me"])
            #expect(relative.path == "/home/me/.local/share/scoreboard/scoreboard.sqlite")
        #endif
    }

    /// Expects opening `url` to fail with a one-line message containing `text`, leaving the
    /// file byte for byte as it was and nothing beside it.
    private func expectRefusedUnchanged(_ url: URL, mentioning text: String) throws {
        let before = try Data(contentsOf: url)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()
        #expect {
            _ = try ScoreboardStore.open(.file(url), seed: 1)
        } throws: { error in
            let message = "\(error)"
            return (error is ScoreboardError) && message.contains(text) && !message.contains("\n") && message.contains(url.path)
        }
        #expect(try Data(contentsOf: url) == before, "\(url.lastPathComponent) changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted() == siblings)
    }
}

/// An entity of another program that uses the object store.
final class Note: ManagedObject {
    @Attribute var text = ""
}
