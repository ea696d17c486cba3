import NIOCore

/// One apply's message as the pages receive it: its generation and its bytes, encoded once and
/// shared by every page (a page's write takes a reference to them, not a copy).
struct PageUpdate: Equatable, Sendable {
    var generation: UInt64
    /// The message's UTF-8 text.
    let bytes: ByteBuffer

    init(generation: UInt64, text: String) {
        self.generation = generation
        bytes = ByteBuffer(string: text)
    }

    /// The message's text.
    var text: String { String(buffer: bytes) }

    /// The message that carries `updates` (in generation order) to a page in one write: the
    /// update itself when there is one, else a JSON array of them, which the page applies in
    /// order.
    static func message(carrying updates: some Collection<PageUpdate>) -> ByteBuffer {
        guard updates.count > 1 else { return updates.first?.bytes ?? ByteBuffer() }
        var message = ByteBuffer()
        message.reserveCapacity(updates.reduce(updates.count + 1) { $0 + $1.bytes.readableBytes })
        message.writeStaticString("[")
        for (index, update) in updates.enumerated() {
            if index > 0 { message.writeStaticString(",") }
            message.writeImmutableBuffer(update.bytes)
        }
        message.writeStaticString("]")
        return message
    }
}
