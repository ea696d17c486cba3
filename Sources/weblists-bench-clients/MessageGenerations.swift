import NIOCore

/// The generations a list message carries, read without decoding it: a full list's or an
/// update's `"g":N`, or each of an array of updates'.
///
/// Cell text never holds `"g":` unescaped (its quotes are escaped), so each occurrence is a
/// message's generation.
enum MessageGenerations {
    private static let marker = Array(#""g":"#.utf8)

    /// The generations in `message`, in order.
    static func of(_ message: ByteBuffer) -> [UInt64] {
        message.withUnsafeReadableBytes { bytes in
            let isArray = bytes.first == UInt8(ascii: "[")
            var found: [UInt64] = []
            var index = 0
            while index + marker.count <= bytes.count {
                guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                index += marker.count
                var value: UInt64 = 0
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    value = value * 10 + UInt64(bytes[index] - 48)
                    index += 1
                }
                found.append(value)
                if !isArray { break }
            }
            return found
        }
    }
}
