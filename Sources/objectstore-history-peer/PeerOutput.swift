import Foundation
import ObjectStore

/// The peer's lines on standard output, one per event, written whole and at once so that a
/// process killed at any moment leaves only whole lines.
enum PeerOutput {
    private static let lock = NSLock()

    static func write(_ word: String, _ token: HistoryToken?) {
        let tokenText = token.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "none"
        write("\(word) \(tokenText)")
    }

    static func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The token a line written by ``write(_:_:)`` carries.
    static func token(in line: Substring) -> HistoryToken? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        return try? JSONDecoder().decode(HistoryToken.self, from: Data(line[line.index(after: space)...].utf8))
    }
}
