import NIOCore
import Testing
@testable import WebLists

@Suite struct RoundMessagesTests {
    @Test func pagesEquallyBehindShareOneEncodingOfTheirMessage() {
        let updates = (2...4).map { PageUpdate(generation: UInt64($0), text: #"{"t":"u","g":\#($0)}"#) }
        var messages = RoundMessages()
        let first = messages.frames(carrying: updates[...])
        let second = messages.frames(carrying: updates[...])
        #expect(first == second)
        #expect(first.withUnsafeReadableBytes { $0.baseAddress } == second.withUnsafeReadableBytes { $0.baseAddress })
        #expect(messages.frames(carrying: updates[1...]) != first)
    }

    @Test func aMessageIsOneUnmaskedTextFrameWhenItFits() {
        let update = PageUpdate(generation: 2, text: #"{"t":"u","g":2}"#)
        var messages = RoundMessages()
        var frames = messages.frames(carrying: [update][...])
        #expect(frames.readBytes(length: 2) == [0x81, UInt8(update.bytes.readableBytes)])
        #expect(frames == update.bytes)
    }

    @Test func aLargerMessageIsATextFrameThenContinuationsWithTheirLengthsInFull() {
        let message = ByteBuffer(repeating: UInt8(ascii: "a"), count: 70_000)
        var frames = TextFrames.encode(message, maxFrameSize: 66_000)
        #expect(frames.readBytes(length: 2) == [0x01, 127])
        #expect(frames.readInteger(as: UInt64.self) == 66_000)
        frames.moveReaderIndex(forwardBy: 66_000)
        #expect(frames.readBytes(length: 2) == [0x80, 126])
        #expect(frames.readInteger(as: UInt16.self) == 4_000)
        #expect(frames.readableBytes == 4_000)
    }
}
