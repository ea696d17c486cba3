import DiffableSupport
import Logging

/// A log handler that keeps every message and its metadata as text, at every level.
struct CapturingLogHandler: LogHandler {
    /// The lines logged through every copy of the handler.
    let lines: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.withLock { $0.append("\(event.level) \(event.message) \(all)") }
    }

    /// A logger at trace level whose lines land in `lines`.
    static func logger(into lines: Locked<[String]>) -> Logger {
        Logger(label: "PostgreSQLStoreTests") { _ in CapturingLogHandler(lines: lines) }
    }
}
