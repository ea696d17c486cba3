extension WebListServer {
    /// Where a ``WebListServer`` listens, which pages may connect, and how much a page may send.
    ///
    /// ```swift
    /// var configuration = WebListServer.Configuration(port: 0)  // any free port
    /// configuration.allowedOrigins = ["https://scores.example"]
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// The address to bind: the loopback address by default, so that only this machine
        /// reaches the pages. Pass `0.0.0.0` to serve other machines too.
        public var host: String
        /// The port to listen on; 0 lets the system choose a free one (``WebListServer/run(onReady:)``
        /// reports it).
        public var port: Int
        /// Origins, besides the server's own, whose pages may open the list's WebSocket
        /// (`https://scores.example`). A WebSocket request from a page of any other origin is
        /// refused with status 403; a request with no `Origin`, or with one that is no page's
        /// (not `http` or `https`: a program that is no browser), is accepted.
        public var allowedOrigins: Set<String>
        /// The largest message a page may send, in bytes; a larger one closes its connection.
        public var maxMessageBytes: Int
        /// How many messages a page may send per second, on average over a second; more close
        /// its connection.
        public var maxMessagesPerSecond: Int
        /// How many threads the server runs its connections on: `nil` shares SwiftNIO's group of
        /// one thread a processor core; a number has the server run a group of its own, of that
        /// many threads, for as long as it runs. Fewer threads leave cores to other work on the
        /// machine, such as the clients of a benchmark.
        public var eventLoopThreads: Int?

        /// A configuration; by default the loopback address, port 8080, no other origin, 1 KiB
        /// messages, 10 messages a second, and SwiftNIO's shared threads.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            allowedOrigins: Set<String> = [],
            maxMessageBytes: Int = 1_024,
            maxMessagesPerSecond: Int = 10,
            eventLoopThreads: Int? = nil
        ) {
            self.host = host
            self.port = port
            self.allowedOrigins = allowedOrigins
            self.maxMessageBytes = maxMessageBytes
            self.maxMessagesPerSecond = maxMessagesPerSecond
            self.eventLoopThreads = eventLoopThreads
        }
    }
}
