import DiffableSupport
public import Foundation

/// Where and how a container keeps its store.
public struct StoreDescription: Sendable {
    /// The kind of store.
    public enum Location: Sendable, Hashable {
        /// An SQLite file in WAL mode (readers never wait for the writer). The write-ahead log is
        /// copied back into the database on a background queue, never inside a save.
        case file(URL)
        /// A private in-memory database, gone when the container is released.
        case inMemory
    }

    /// Where the store lives.
    public var location: Location
    /// Whether opening the store creates its directory (and the directories above it) when it
    /// is missing. Off by default, so that a mistyped path fails when the container is created
    /// (``ObjectStoreError/cannotOpenStore(path:reason:)``) instead of creating directories
    /// where none were meant; ``defaultFile(name:)`` turns it on for the application data
    /// directory.
    public var createsMissingDirectory = false
    /// How long a save or read waits for another connection's lock before failing with
    /// ``ObjectStoreError/databaseLocked(path:timeoutSeconds:)``.
    public var busyTimeout: Double = 5

    /// A store at `location`.
    public init(location: Location, busyTimeout: Double = 5) {
        self.location = location
        self.busyTimeout = busyTimeout
    }

    /// The default file for a container named `name`: `<name>.sqlite` in the user's application
    /// data directory (Application Support on Apple platforms, `$XDG_DATA_HOME` or
    /// `~/.local/share` on Linux), created if it is missing.
    public static func defaultFile(name: String) -> StoreDescription {
        let directory = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        var description = StoreDescription(location: .file(directory.appendingPathComponent("\(name).sqlite")))
        description.createsMissingDirectory = true
        return description
    }

    /// An in-memory store.
    public static var inMemory: StoreDescription {
        StoreDescription(location: .inMemory)
    }

    var path: String {
        switch location {
        case .file(let url): url.path
        case .inMemory: ":memory:"
        }
    }
}
