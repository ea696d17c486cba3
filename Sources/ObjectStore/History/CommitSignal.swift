#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file beside a store file that the store writes one byte to after each of its commits,
/// so that containers in other processes (and other containers in this one) wake once per commit
/// (``RemoteChangeWatcher`` watches it).
///
/// Watching the store's own files instead wakes the watchers, and charges the committing
/// thread a file-change event, for every page a commit or a checkpoint writes: several hundred
/// for a save of a hundred changes on a large store. The byte is written after the commit is
/// visible to readers and carries nothing: the history is the truth. A commit by a program that
/// does not write it (another SQLite client) is still found, at the watcher's next idle check.
final class CommitSignal: Sendable {
    private let descriptor: Int32

    /// The signal file of the store file at `storePath`.
    static func path(forStore storePath: String) -> String {
        storePath + "-signal"
    }

    /// Opens (creating it when missing) the signal file of the store file at `storePath`, or nil
    /// when it cannot be opened (a read-only directory): watchers then find commits at their idle
    /// checks.
    init?(storePath: String) {
        let descriptor = open(Self.path(forStore: storePath), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Wakes the watchers; called on the committing thread once the commit is visible.
    func signal() {
        var byte: UInt8 = 1
        _ = pwrite(descriptor, &byte, 1, 0)
    }

    deinit {
        close(descriptor)
    }
}
