/// A part of a PostgreSQL URL, named in the errors about it.
public enum PostgreSQLURLPart: String, Sendable, Equatable {
    /// The user name, before the `:` of `user:password@`.
    case user = "user name"
    /// The password, after the `:` of `user:password@`.
    case password
    /// The host name or address, after the `@`.
    case host
    /// The database name, after the first `/` that follows the host.
    case database = "database name"
}
