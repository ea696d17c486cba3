#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import ScoreboardCore

/// Reads keys from the standard input on a thread of its own and hands them out as a stream,
/// which ends when the terminal closes.
enum KeyReader {
    /// How long a lone escape byte waits for the rest of a sequence before it reads as Escape.
    static let escapeWait: Int32 = 40

    static func keys() -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream<Key>.makeStream()
        let thread = Thread {
            var parser = KeyParser()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, parser.hasPending ? escapeWait : 250)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    for key in parser.flush() { continuation.yield(key) }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // end of file or an error: the terminal is gone
                for key in parser.parse(buffer[..<count]) { continuation.yield(key) }
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
