import DiffableSupport
import Foundation
import WebSocketTestClient

/// The WebSocket clients of the `web` benchmark, in this process: each reads every message,
/// takes its generation, and records the time from that generation's save to now.
final class FanoutClients: Sendable {
    private struct State {
        var latencies: [Double] = []
        var lastGeneration: [UInt64]
        var messages = 0
    }

    private let state: Locked<State>
    private let saves: Locked<[UInt64: ContinuousClock.Instant]>
    private let tasks = Locked<[Task<Void, Never>]>([])
    let count: Int

    /// `count` clients; `saves` gives the time each generation's save started.
    init(count: Int, saves: Locked<[UInt64: ContinuousClock.Instant]>) {
        self.count = count
        self.saves = saves
        state = Locked(State(lastGeneration: Array(repeating: 0, count: count)))
    }

    /// Connects every client to `url`.
    func connect(to url: String) {
        for index in 0..<count {
            let task = Task.detached { [self] in
                _ = try? await WebSocketClient.connect(url: url) { inbound, _ in
                    for try await text in inbound { self.received(text, by: index) }
                }
            }
            tasks.withLock { $0.append(task) }
        }
    }

    private func received(_ text: String, by client: Int) {
        let now = ContinuousClock.now
        guard let generation = Self.generation(in: text) else { return }
        let saved = saves.withLock { $0[generation] }
        state.withLock { state in
            state.messages += 1
            state.lastGeneration[client] = generation
            if let saved {
                state.latencies.append(milliseconds(from: saved, to: now))
            }
        }
    }

    /// The generation a message carries (`"g":N`), read without decoding the message.
    static func generation(in text: String) -> UInt64? {
        var utf8 = text.utf8[...]
        let marker = Array("\"g\":".utf8)
        while !utf8.isEmpty {
            if utf8.starts(with: marker) {
                var value: UInt64 = 0
                for byte in utf8.dropFirst(marker.count) {
                    guard byte >= 48 && byte <= 57 else { break }
                    value = value * 10 + UInt64(byte - 48)
                }
                return value
            }
            utf8 = utf8.dropFirst()
        }
        return nil
    }

    /// How many clients hold `generation` (or a later one).
    func clientsHolding(_ generation: UInt64) -> Int {
        state.withLock { $0.lastGeneration.filter { $0 >= generation }.count }
    }

    /// Every latency recorded, and the number of messages received.
    var record: (latencies: [Double], messages: Int) {
        state.withLock { ($0.latencies, $0.messages) }
    }

    /// Ends every client's task.
    func cancel() {
        tasks.withLock { $0.forEach { $0.cancel() } }
    }
}
