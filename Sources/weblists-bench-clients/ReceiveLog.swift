import NIOConcurrencyHelpers
import NIOCore

/// What one client received: each generation with the monotonic time its message was read,
/// the last generation it holds, and whether its connection closed.
final class ReceiveLog: Sendable {
    private struct State {
        var generations: [UInt64] = []
        var times: [UInt64] = []
        var last: UInt64 = 0
        var messages = 0
        var isClosed = false
    }

    private let state: NIOLockedValueBox<State>

    /// A log with room for `expected` generations before it grows.
    init(expected: Int = 2_048) {
        var state = State()
        state.generations.reserveCapacity(expected)
        state.times.reserveCapacity(expected)
        self.state = NIOLockedValueBox(state)
    }

    /// Notes `message`, a list message read at `time` (nanoseconds, monotonic), and the
    /// generations it holds.
    func record(_ message: ByteBuffer, at time: UInt64) {
        state.withLockedValue { state in
            state.messages += 1
            MessageGenerations.forEach(in: message) { generation in
                state.generations.append(generation)
                state.times.append(time)
                state.last = max(state.last, generation)
            }
        }
    }

    /// Notes that the connection closed.
    func close() {
        state.withLockedValue { $0.isClosed = true }
    }

    /// The last generation received (0 before any).
    var last: UInt64 { state.withLockedValue { $0.last } }

    /// Whether the connection closed.
    var isClosed: Bool { state.withLockedValue { $0.isClosed } }

    /// The messages read.
    var messages: Int { state.withLockedValue { $0.messages } }

    /// The milliseconds from each received generation's save (`saves`, nanoseconds by
    /// generation) to its receipt, for the generations in `saves`.
    func latencies(from saves: [UInt64: UInt64]) -> [Double] {
        state.withLockedValue { state in
            zip(state.generations, state.times).compactMap { generation, time in
                saves[generation].map { Double(Int64(bitPattern: time &- $0)) / 1e6 }
            }
        }
    }
}
