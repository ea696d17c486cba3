/// Why the tests' PostgreSQL server could not be set up, started or stopped.
package enum PostgreSQLTestServerError: Error, CustomStringConvertible {
    /// No `initdb` under `/usr/lib/postgresql/*/bin` or on the `PATH`.
    case noBinaries
    /// The tests run as root, and there is no user `user` to run the server as.
    case noServerUser(String)
    /// A command failed: what it was, its exit status and the end of its output.
    case commandFailed(command: String, status: Int32, output: String)
    /// A system call failed (`call`, with `errno`'s text).
    case systemCall(String, String)
    /// The server is the one `DIFFABLESTORE_POSTGRES_URL` names, which the tests do not stop,
    /// crash or restart.
    case externalServer

    /// Sentences that say what failed and what to do.
    package var description: String {
        switch self {
        case .noBinaries:
            return "No PostgreSQL binaries: no initdb under /usr/lib/postgresql/*/bin or on the PATH. Install PostgreSQL (apt-get install postgresql), or set DIFFABLESTORE_POSTGRES_URL to a server's URL."
        case let .noServerUser(user):
            return "The tests run as root and there is no user \"\(user)\" to run PostgreSQL as (it refuses to run as root). Create one, or run the tests as another user."
        case let .commandFailed(command, status, output):
            return "\(command) exited with status \(status). Its output ended with:\n\(output)"
        case let .systemCall(call, reason):
            return "\(call) failed: \(reason)."
        case .externalServer:
            return "The server named by DIFFABLESTORE_POSTGRES_URL is not the tests' own: they do not stop or restart it. Unset the variable to run this test on a private server."
        }
    }
}
