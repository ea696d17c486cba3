import Foundation

extension PostgreSQLTestServer {
    /// The line the tests print in place of their PostgreSQL suites and cases when there is no
    /// server (CI fails on it).
    package static let skipLine = "PostgreSQL suites skipped: no initdb under /usr/lib/postgresql/*/bin or on the PATH, and DIFFABLESTORE_POSTGRES_URL is not set"

    /// A schema name no other test uses: `prefix` and 16 random hexadecimal digits.
    package static func uniqueSchema(prefix: String) -> String {
        prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
    }
}
