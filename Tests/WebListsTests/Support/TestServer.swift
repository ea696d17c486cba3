import DiffableSupport
import WebLists

/// A `WebListServer` running on a free loopback port for one test, stopped by ``stop()``.
struct TestServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `server` (whose configuration must bind port 0) and waits, at most 60 seconds (a loaded machine), until it listens.
    static func start(_ server: WebListServer) async throws -> TestServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(60))
            continuation.finish()
        }
        defer { timeout.cancel() }
        for await port in ports {
            return TestServer(port: port, task: task)
        }
        task.cancel()
        _ = await task.result
        throw StartFailure(description: "The test server did not start listening on 127.0.0.1 within 60 seconds.")
    }

    /// A server of `view` at `/` on a free loopback port, with `configure` applied to its
    /// configuration.
    static func serving<S, I>(
        _ view: WebListView<S, I>, configure: (inout WebListServer.Configuration) -> Void = { _ in }
    ) async throws -> TestServer {
        var configuration = WebListServer.Configuration(port: 0)
        configure(&configuration)
        var server = WebListServer(configuration: configuration)
        server.serve(view, at: "/", title: "Test list")
        return try await start(server)
    }

    /// Stops the server and waits for it.
    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
