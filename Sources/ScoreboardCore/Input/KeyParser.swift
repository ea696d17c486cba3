/// Turns the bytes a raw-mode terminal sends into keys: UTF-8 characters, control keys, and the
/// escape sequences of arrows and paging keys (`ESC [ A`, `ESC O A`, `ESC [ 5 ~`, …).
///
/// Reads arrive in pieces of any size, so a sequence may be split between two of them; the
/// parser keeps an unfinished one until the next bytes. A lone escape byte is ambiguous (the
/// Escape key, or the start of a sequence still on its way): the reader calls ``flush()`` when
/// no byte followed it in time, which reads it as the Escape key.
///
/// ```swift
/// var parser = KeyParser()
/// parser.parse([0x1B, 0x5B])   // []: a sequence has begun
/// parser.parse([0x41, 0x71])   // [.up, .character("q")]
/// ```
package struct KeyParser: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Whether bytes of an unfinished key are waiting for more.
    package var hasPending: Bool { !pending.isEmpty }

    /// The keys that `bytes` completes, in order.
    package mutating func parse(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var start = 0
        while start < pending.count {
            guard let (key, length) = Self.key(at: start, in: pending) else { break }
            keys.append(key)
            start += length
        }
        pending.removeFirst(start)
        return keys
    }

    /// The keys of the bytes still waiting, read as they stand: a lone escape byte is the
    /// Escape key, an unfinished sequence or character is given up as ``Key/unknown(_:)``.
    package mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        if pending.isEmpty { return [] }
        if pending == [0x1B] { return [.escape] }
        if pending.first == 0x1B, pending.count >= 2 {
            // Escape followed by something that never became a sequence: Escape, then the rest.
            var rest = KeyParser()
            return [.escape] + rest.parse(pending.dropFirst()) + rest.flush()
        }
        return [.unknown(pending)]
    }

    /// The key that starts at `start`, and how many bytes it takes; nil when more bytes are
    /// needed to tell.
    private static func key(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return escapeSequence(at: start, in: bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x09:
            return (.tab, 1)
        case 0x00..<0x20:
            return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x20..<0x7F:
            return (.character(Character(Unicode.Scalar(byte))), 1)
        default:
            return utf8Character(at: start, in: bytes)
        }
    }

    private static func escapeSequence(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        guard start + 1 < bytes.count else { return nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Escape before a plain key (Alt+key): read the Escape alone.
            return (.escape, 1)
        }
        // Parameters (digits and `;`) up to a final byte in 0x40...0x7E.
        var end = start + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let final = bytes[end]
        let length = end - start + 1
        guard (0x40...0x7E).contains(final) else { return (.unknown(Array(bytes[start..<(start + length)])), length) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let key: Key
        switch (Character(Unicode.Scalar(final)), parameters) {
        case ("A", _): key = .up
        case ("B", _): key = .down
        case ("C", _): key = .right
        case ("D", _): key = .left
        case ("H", _), ("~", "1"), ("~", "7"): key = .home
        case ("F", _), ("~", "4"), ("~", "8"): key = .end
        case ("~", "5"): key = .pageUp
        case ("~", "6"): key = .pageDown
        default: key = .unknown(Array(bytes[start..<(start + length)]))
        }
        return (key, length)
    }

    private static func utf8Character(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[start]
        let length: Int
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown([byte]), 1)  // a stray continuation byte, or never valid
        }
        let available = bytes[(start + 1)..<min(bytes.count, start + length)]
        guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (.unknown([byte]), 1) }
        guard start + length <= bytes.count else { return nil }
        guard let character = String(validating: bytes[start..<(start + length)], as: UTF8.self)?.first else {
            return (.unknown([byte]), 1)
        }
        return (.character(character), length)
    }
}
