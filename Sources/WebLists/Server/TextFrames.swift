import NIOCore

/// A text message as the bytes of the WebSocket frames a server sends for it (unmasked, at most
/// ``WebListServer/maxFrameSize`` bytes of the message a frame), encoded once and written as they
/// are to every page the message goes to.
enum TextFrames {
    /// The frames of `message`: one when it fits, else a text frame and continuations.
    static func encode(_ message: ByteBuffer, maxFrameSize: Int = WebListServer.maxFrameSize) -> ByteBuffer {
        var rest = message
        let frameCount = max(1, (rest.readableBytes + maxFrameSize - 1) / maxFrameSize)
        var frames = ByteBuffer()
        frames.reserveCapacity(rest.readableBytes + frameCount * 10)
        var opcode: UInt8 = 0x1
        while rest.readableBytes > maxFrameSize, let part = rest.readSlice(length: maxFrameSize) {
            writeFrame(fin: false, opcode: opcode, payload: part, into: &frames)
            opcode = 0x0
        }
        writeFrame(fin: true, opcode: opcode, payload: rest, into: &frames)
        return frames
    }

    private static func writeFrame(fin: Bool, opcode: UInt8, payload: ByteBuffer, into frames: inout ByteBuffer) {
        frames.writeInteger((fin ? 0x80 : 0) | opcode)
        let length = payload.readableBytes
        if length < 126 {
            frames.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            frames.writeInteger(UInt8(126))
            frames.writeInteger(UInt16(length))
        } else {
            frames.writeInteger(UInt8(127))
            frames.writeInteger(UInt64(length))
        }
        frames.writeImmutableBuffer(payload)
    }
}
