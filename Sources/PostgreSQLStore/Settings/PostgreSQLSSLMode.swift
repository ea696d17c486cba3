/// Whether and how a connection to the server is encrypted: the `sslmode` parameter of a
/// PostgreSQL URL, with libpq's meaning for the modes it keeps.
package enum PostgreSQLSSLMode: String, Sendable, CaseIterable {
    /// Plain TCP; the server is never asked for TLS.
    case disable
    /// TLS when the server offers it, plain TCP otherwise; the certificate is not verified.
    /// The default, as in libpq.
    case prefer
    /// TLS or no connection; the certificate is not verified (it protects against eavesdropping,
    /// not against a server that pretends to be another).
    case require
    /// TLS or no connection, with the certificate verified against the system's trusted roots
    /// and the host name checked against it.
    case verifyFull = "verify-full"
}
