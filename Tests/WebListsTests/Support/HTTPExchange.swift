import NIOCore
import NIOPosix

/// One plain HTTP/1.1 request to a local server, and its response as the bytes came: the status
/// line and headers, and whatever followed the blank line after them.
struct HTTPExchange {
    /// The status code.
    var status: Int
    /// The response's headers, names in lower case.
    var headers: [String: String]
    /// The bytes after the headers: the body, or nothing at all for a `HEAD` request.
    var body: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `method` for `path` to 127.0.0.1:`port` with `Connection: close` and reads until the
    /// server closes the connection.
    static func send(_ method: String, _ path: String, port: Int) async throws -> HTTPExchange {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        var received: [UInt8] = []
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"))
            for try await buffer in inbound { received += buffer.readableBytesView }
        }
        return try parse(received)
    }

    private static func parse(_ bytes: [UInt8]) throws -> HTTPExchange {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "no end of headers in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n")
        guard let statusLine = lines.first, let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no status line")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingPrefix(" ").description
        }
        return HTTPExchange(status: status, headers: headers, body: Array(bytes[(end + separator.count)...]))
    }
}
