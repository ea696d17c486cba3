import NIOCore

/// The generations a list message carries, read without decoding it: a full list's or an
/// update's `"g":N`, or each of an array of updates'.
///
/// Cell text never holds `"g":` unescaped (its quotes are escaped), so each occurrence is a
/// message's generation.
enum MessageGenerations {
    /// Calls `body` with each generation in `message`, in order.
    static func forEach(in message: ByteBuffer, _ body: (UInt64) -> Void) {
        message.withUnsafeReadableBytes { bytes in
            let isArray = bytes.first == UInt8(ascii: "[")
            var index = 0
            while index + 4 <= bytes.count {
                guard bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "g"), bytes[index + 2] == UInt8(ascii: "\""),
                    bytes[index + 3] == UInt8(ascii: ":")
                else {
                    index += 1
                    continue
                }
                index += 4
                var value: UInt64 = 0
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    value = value * 10 + UInt64(bytes[index] - 48)
                    index += 1
                }
                body(value)
                if !isArray { return }
            }
        }
    }
}
