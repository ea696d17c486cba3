import Foundation
import NIOCore
@testable import WebLists

/// A message as a page receives it, read back from the frames a round wrote: the generation of
/// each update it carries, or that of the full list.
struct SentMessage: Equatable {
    var isFullList: Bool
    var generations: [UInt64]

    /// The message of `frames`, one unmasked text frame.
    init(frames: ByteBuffer) throws {
        var frames = frames
        guard frames.readInteger(as: UInt8.self) == 0x81, let length = frames.readInteger(as: UInt8.self), length < 126,
            let text = frames.readString(length: Int(length)), frames.readableBytes == 0
        else { throw PageModel.Failure(description: "not one short text frame: \(frames)") }
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let objects = json as? [[String: Any]] ?? [json as? [String: Any] ?? [:]]
        isFullList = objects.first?["t"] as? String == "full"
        generations = objects.compactMap { ($0["g"] as? NSNumber)?.uint64Value }
    }

    init(isFullList: Bool, generations: [UInt64]) {
        self.isFullList = isFullList
        self.generations = generations
    }

    static func updates(_ generations: ClosedRange<UInt64>) -> SentMessage { SentMessage(isFullList: false, generations: Array(generations)) }

    static func fullList(_ generation: UInt64) -> SentMessage { SentMessage(isFullList: true, generations: [generation]) }
}

extension RoundWrite {
    /// The messages written, in order.
    func messages() throws -> [SentMessage] {
        try [fullList, updates].compactMap { $0 }.map(SentMessage.init(frames:))
    }
}
