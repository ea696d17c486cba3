import Foundation

/// The parts of a `postgres://` URL, split by hand rather than by `URLComponents`, which
/// rejects some passwords and would put a mistyped one in the host or port.
///
/// The user name and password end at the URL's last `@`, so that nothing after it can hold
/// the password, and errors quote only what comes after it.
struct PostgreSQLURL {
    var user: String
    var password: String?
    var host: String
    var port: Int?
    var database: String?
    var sslMode: PostgreSQLSSLMode?
    var connectTimeout: Duration?
    var applicationName: String?

    /// The schemes a URL may begin with.
    static let schemes: Set<String> = ["postgres", "postgresql"]

    init(parsing url: String) throws(PostgreSQLSettingsError) {
        guard let separator = url.range(of: "://") else { throw .unsupportedScheme(nil) }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard Self.schemes.contains(scheme) else {
            let isPlainScheme = !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            throw .unsupportedScheme(isPlainScheme ? scheme : nil)
        }
        var rest = url[separator.upperBound...]

        (user, password) = ("", nil)
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let colon = credentials.firstIndex(of: ":")
            user = try Self.decode(credentials[..<(colon ?? credentials.endIndex)], .user)
            if let colon {
                password = try Self.decode(credentials[credentials.index(after: colon)...], .password)
            }
        }
        guard !user.isEmpty else { throw .missingUser }
        guard !rest.contains("#") else { throw .fragment }

        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var authority = rest
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            let name = rest[rest.index(after: slash)...]
            database = name.isEmpty ? nil : try Self.decode(name, .database)
        }
        (host, port) = try Self.hostAndPort(authority)
        try readParameters(query)
    }

    /// The host (brackets of an IPv6 address removed) and the port of `authority`.
    private static func hostAndPort(_ authority: Substring) throws(PostgreSQLSettingsError) -> (String, Int?) {
        var hostText = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .missingHost }
            hostText = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidPort }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostText = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !hostText.isEmpty else { throw .missingHost }
        let host = try decode(hostText, .host)
        guard let portText else { return (host, nil) }
        guard portText.allSatisfy(\.isASCII), let port = Int(portText), (1...65535).contains(port) else { throw .invalidPort }
        return (host, port)
    }

    /// Reads `sslmode`, `connect_timeout` and `application_name` from the text after `?`.
    private mutating func readParameters(_ query: Substring) throws(PostgreSQLSettingsError) {
        var seen: Set<String> = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let name = pair[..<equals].removingPercentEncoding ?? String(pair[..<equals])
            let value = equals == pair.endIndex ? "" : String(pair[pair.index(after: equals)...])
            guard seen.insert(name).inserted else { throw .repeatedParameter(name) }
            switch name {
            case "sslmode":
                guard let mode = PostgreSQLSSLMode(rawValue: value) else { throw .unsupportedSSLMode(value) }
                sslMode = mode
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw .invalidParameterValue(name: name, expected: "a whole number of seconds above zero")
                }
                connectTimeout = .seconds(seconds)
            case "application_name":
                guard let decoded = value.removingPercentEncoding, !decoded.isEmpty else {
                    throw .invalidParameterValue(name: name, expected: "a percent-encoded name, not empty")
                }
                applicationName = decoded
            default:
                throw .unknownParameter(name)
            }
        }
    }

    /// `text` percent-decoded.
    private static func decode(_ text: Substring, _ part: PostgreSQLURLPart) throws(PostgreSQLSettingsError) -> String {
        guard let decoded = text.removingPercentEncoding else { throw .invalidPercentEncoding(part) }
        return decoded
    }

    /// `text` percent-encoded for the user name or database of a URL.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.subtracting(CharacterSet(charactersIn: ":@/?#"))) ?? text
    }
}
