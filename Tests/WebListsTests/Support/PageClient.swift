import DiffableSupport
import Foundation
import WebSocketTestClient

/// A page as the protocol sees it, written in Swift: a WebSocket client that collects every text
/// message the server sends and can send its own.
final class PageClient: Sendable {
    private let inbox: Locked<(messages: [String], ended: Bool)>
    private let outgoing: AsyncStream<String>.Continuation
    private let readGate: Locked<CheckedContinuation<Void, Never>?>
    let run: Task<WebSocketCloseFrame?, any Error>

    /// Connects to the list's socket on `port`.
    ///
    /// - Parameters:
    ///   - query: The socket URL's query (`epoch=…&g=…` to resume), without `?`.
    ///   - origin: The `Origin` header to send, if any.
    ///   - startsReading: Whether to read at once; a page made with `false` reads nothing until
    ///     ``startReading()``, as a page that cannot keep up.
    init(port: Int, path: String = "/socket", query: String = "", origin: String? = nil, startsReading: Bool = true) {
        let inbox = Locked<(messages: [String], ended: Bool)>(([], false))
        self.inbox = inbox
        let (outgoingStream, outgoing) = AsyncStream<String>.makeStream()
        self.outgoing = outgoing
        let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
        readGate = gate
        let headers = origin.map { [(name: "Origin", value: $0)] } ?? []
        let url = "ws://127.0.0.1:\(port)\(path)" + (query.isEmpty ? "" : "?" + query)
        run = Task {
            defer { inbox.withLock { $0.ended = true } }
            return try await WebSocketClient.connect(url: url, headers: headers) { inbound, outbound in
                if !startsReading { await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } } }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await text in inbound { inbox.withLock { $0.messages.append(text) } }
                    }
                    group.addTask {
                        for await text in outgoingStream { try await outbound.send(text) }
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
        }
    }

    /// Lets a page made with `startsReading: false` read.
    func startReading() {
        let gate = readGate.withLock { gate -> CheckedContinuation<Void, Never>? in
            defer { gate = nil }
            return gate
        }
        gate?.resume()
    }

    /// Sends `text` to the server.
    func send(_ text: String) {
        outgoing.yield(text)
    }

    /// Closes the connection from the page's side.
    func close() {
        outgoing.finish()
    }

    /// The next message, or `nil` when the connection ended or none came within `timeout`.
    func next(timeout: Duration = .seconds(60)) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let (message, ended) = inbox.withLock { inbox -> (String?, Bool) in
                inbox.messages.isEmpty ? (nil, inbox.ended) : (inbox.messages.removeFirst(), false)
            }
            if let message { return message }
            if ended { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// How the connection ended: the server's close frame, or the error that ended it; waits at most `timeout`.
    func ending(timeout: Duration = .seconds(60)) async -> Result<WebSocketCloseFrame?, any Error>? {
        let run = run
        return await withTaskGroup(of: Result<WebSocketCloseFrame?, any Error>?.self) { group in
            group.addTask { await run.result }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if first == nil { run.cancel() }
            return first
        }
    }
}
