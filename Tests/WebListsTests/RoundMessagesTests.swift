import NIOCore
import Testing
@testable import WebLists

@Suite struct RoundMessagesTests {
    @Test func pagesEquallyBehindShareOneEncodingOfTheirMessage() throws {
        let list = TestHub()
        list.publish(4)
        var messages = RoundMessages()
        let first = try #require(messages.write(toPageOf: list.hub, sentUpTo: 1, askedForFullList: false).updates)
        let second = try #require(messages.write(toPageOf: list.hub, sentUpTo: 1, askedForFullList: false).updates)
        #expect(first == second)
        #expect(first.withUnsafeReadableBytes { $0.baseAddress } == second.withUnsafeReadableBytes { $0.baseAddress })
        #expect(messages.write(toPageOf: list.hub, sentUpTo: 2, askedForFullList: false).updates != first)
    }

    @Test func pagesOfTwoListsAtTheSameGenerationsAreEachSentTheirOwnList() throws {
        let lists = [TestHub(), TestHub()]
        for list in lists { list.publish(3) }
        var messages = RoundMessages()
        let fullLists = lists.map { messages.write(toPageOf: $0.hub, sentUpTo: 0, askedForFullList: true).fullList }
        let updates = lists.map { messages.write(toPageOf: $0.hub, sentUpTo: 2, askedForFullList: false).updates }
        #expect(fullLists[0].map(Self.address) != fullLists[1].map(Self.address))
        #expect(updates[0].map(Self.address) != updates[1].map(Self.address))
    }

    @Test func aMessageIsOneUnmaskedTextFrameWhenItFits() throws {
        let list = TestHub()
        list.publish(2)
        var messages = RoundMessages()
        var frames = try #require(messages.write(toPageOf: list.hub, sentUpTo: 1, askedForFullList: false).updates)
        let update = try #require(list.hub.lastUpdate)
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

    private static func address(of buffer: ByteBuffer) -> UnsafeRawPointer? {
        buffer.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }
}
