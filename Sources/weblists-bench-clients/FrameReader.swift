import BenchMemory
import NIOCore
import NIOWebSocket

/// Reads one client's WebSocket frames on its event loop: puts text messages together from
/// their frames and logs each with the time it was read, answers pings, and notes the close.
final class FrameReader: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let log: ReceiveLog
    private var message: ByteBuffer?

    init(log: ReceiveLog) {
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text where frame.fin:
            log.record(frame.unmaskedData, at: benchMonotonicNanoseconds())
            return
        case .text:
            message = frame.unmaskedData
        case .continuation:
            var data = frame.unmaskedData
            message?.writeBuffer(&data)
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
            return
        case .connectionClose:
            log.close()
            context.close(promise: nil)
            return
        default:
            return
        }
        guard frame.fin, let whole = message else { return }
        message = nil
        log.record(whole, at: benchMonotonicNanoseconds())
    }

    func channelInactive(context: ChannelHandlerContext) {
        log.close()
        context.fireChannelInactive()
    }
}
