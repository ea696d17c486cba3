/// Why connection settings for a PostgreSQL store were refused: a URL that does not parse, or a
/// schema name, pool size or timeout out of range.
///
/// No case carries the password, nor any text from the part of the URL before the `@`, where
/// the password is: the description names the part that is wrong and says how to write it, so
/// that the message can be logged as it is.
public enum PostgreSQLSettingsError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The URL does not begin with `postgres://` or `postgresql://`; `scheme` is the scheme it
    /// has, when it has one made of letters, digits, `+`, `-` and `.`.
    case unsupportedScheme(String?)
    /// Nothing names the role to connect as before the `@`.
    case missingUser
    /// Nothing names the server between `//` (or the `@`) and the port, database or parameters.
    case missingHost
    /// The text after the host's `:` is not a port number from 1 to 65535 (not repeated here:
    /// when the `@` is missing, it may be a password).
    case invalidPort
    /// A `%` in `part` is not followed by two hexadecimal digits, or the decoded bytes are not
    /// UTF-8.
    case invalidPercentEncoding(PostgreSQLURLPart)
    /// The URL has a `#fragment`, which names nothing for a database.
    case fragment
    /// The `sslmode` parameter names a mode the store does not support.
    case unsupportedSSLMode(String)
    /// A query parameter the store does not know (its value is not repeated).
    case unknownParameter(String)
    /// A query parameter appears more than once.
    case repeatedParameter(String)
    /// A known query parameter has a value that does not parse (not repeated); `expected` says
    /// what it takes.
    case invalidParameterValue(name: String, expected: String)
    /// The schema name is not a lowercase PostgreSQL identifier of at most 63 bytes.
    case invalidSchemaName(String)
    /// The pool size is below 1.
    case invalidPoolSize(Int)
    /// A timeout (`name`) is zero or negative.
    case invalidTimeout(name: String, Duration)

    /// Sentences that say what is wrong and how to write it.
    public var description: String {
        let form = "postgres://user:password@host:port/database?sslmode=disable|prefer|require|verify-full"
        switch self {
        case let .unsupportedScheme(scheme):
            let found = scheme.map { "begins with \"\($0)://\"" } ?? "has no scheme"
            return "The PostgreSQL URL \(found). Write it as \(form)."
        case .missingUser:
            return "The PostgreSQL URL names no user. Write it as \(form), with the user name before the @."
        case .missingHost:
            return "The PostgreSQL URL names no host. Write it as \(form); the host comes after the @ of the user and password."
        case .invalidPort:
            return "The port of the PostgreSQL URL is not a number from 1 to 65535. Write digits after the host's colon, or leave the port out for 5432; percent-encode a : or / in the password (%3A, %2F)."
        case let .invalidPercentEncoding(part):
            return "The \(part.rawValue) of the PostgreSQL URL is not valid percent-encoding: a % must be followed by two hexadecimal digits of UTF-8. Write a literal % as %25."
        case .fragment:
            return "The PostgreSQL URL has a #fragment, which a database URL does not take. Remove it, or percent-encode a # in the password as %23."
        case let .unsupportedSSLMode(mode):
            let modes = PostgreSQLSSLMode.allCases.map(\.rawValue).joined(separator: ", ")
            return "The sslmode \"\(mode)\" of the PostgreSQL URL is not supported. Use one of \(modes)."
        case let .unknownParameter(name):
            return "The PostgreSQL URL has a parameter \"\(name)\" the store does not know. It takes sslmode and connect_timeout; write the user and password before the host (user:password@host)."
        case let .repeatedParameter(name):
            return "The PostgreSQL URL gives the parameter \"\(name)\" more than once. Keep one."
        case let .invalidParameterValue(name, expected):
            return "The parameter \"\(name)\" of the PostgreSQL URL does not hold \(expected). Correct its value."
        case let .invalidSchemaName(name):
            return "The schema name \"\(name)\" is not a lowercase PostgreSQL identifier. Use 1 to 63 lowercase letters, digits and underscores, not starting with a digit."
        case let .invalidPoolSize(size):
            return "The pool size \(size) is below 1. Give the store at least one connection."
        case let .invalidTimeout(name, duration):
            return "The \(name) \(duration) is not positive. Give a duration above zero."
        }
    }

    /// The same sentences: no case holds anything to hide or to add.
    public var debugDescription: String {
        "PostgreSQLSettingsError: \(description)"
    }
}
