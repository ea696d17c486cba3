import Foundation

/// Lines written by an update log or printed by an example, from any thread.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

extension LogLines {
    /// Appends one line as `print` writes `items`: their descriptions separated by spaces. A test
    /// declares `func print(_ items: Any...) { printed.record(items) }` to capture what an
    /// example prints, leaving the example's `print` calls as they are.
    func record(_ items: [Any]) {
        append(items.map { "\($0)" }.joined(separator: " "))
    }
}
