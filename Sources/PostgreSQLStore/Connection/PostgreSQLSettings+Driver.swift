import NIOSSL
package import PostgresNIO

extension PostgreSQLSettings {
    /// The configuration of each of the pool's connections: the endpoint, credentials and TLS
    /// of the settings, their connect timeout, and the query timeout as the server's
    /// `statement_timeout`. TLS as `sslMode` asks: none, or NIOSSL's client context, whose
    /// certificate and host name checks only `verify-full` keeps.
    package var connectionConfiguration: PostgresConnection.Configuration {
        get throws {
            let tls: PostgresConnection.Configuration.TLS
            switch sslMode {
            case .disable: tls = .disable
            case .prefer: tls = try .prefer(NIOSSLContext(configuration: tlsConfiguration))
            case .require, .verifyFull: tls = try .require(NIOSSLContext(configuration: tlsConfiguration))
            }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: tls
            )
            configuration.options.connectTimeout = .nanoseconds(connectTimeout.nanoseconds)
            configuration.options.additionalStartupParameters = startupParameters
            return configuration
        }
    }

    /// The server settings every connection starts with.
    private var startupParameters: [(String, String)] {
        // The schema's name is a plain identifier (``PostgreSQLIdentifier/isPlain(_:)``), so the
        // store's statements name its tables without it.
        var parameters = [("application_name", applicationName), ("search_path", schema)]
        if let queryTimeout {
            parameters.append(("statement_timeout", "\(max(1, queryTimeout.nanoseconds / 1_000_000))"))
        }
        return parameters
    }

    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if sslMode != .verifyFull {
            configuration.certificateVerification = .none
        }
        return configuration
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
