package import Foundation

/// Where the demo keeps its store: the per-user data directory, a file the user names, or
/// memory.
package enum StoreLocation: Hashable, Sendable {
    /// `scoreboard/scoreboard.sqlite` in the user's data directory (see ``defaultURL(environment:)``).
    case userDataDirectory
    /// A file at a path the user gave; its directory must exist.
    case file(URL)
    /// A private in-memory store, gone when the demo ends.
    case inMemory

    /// The default store file: on Linux `$XDG_DATA_HOME/scoreboard/scoreboard.sqlite`, or
    /// `~/.local/share/scoreboard/scoreboard.sqlite` when that variable is unset or not an
    /// absolute path; on Apple platforms, in Application Support.
    package static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
            let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support")
        #else
            let base: URL
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                base = URL(fileURLWithPath: data, isDirectory: true)
            } else {
                let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
                base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
            }
        #endif
        return base.appendingPathComponent("scoreboard", isDirectory: true).appendingPathComponent("scoreboard.sqlite")
    }
}
