import DiffableSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PostgreSQL server for the tests and the benchmarks: the one `DIFFABLESTORE_POSTGRES_URL` names, or a private
/// one made with `initdb` in a temporary directory, listening on a free port of 127.0.0.1 and on
/// a socket directory of its own, run as the user `postgres` when the tests run as root. It takes
/// 400 connections: test cases in parallel each open stores with pools of their own.
///
/// ``shared()`` is the one server of the test process, started on first use and removed when
/// the process exits; a test that stops or crashes a server starts its own with
/// ``startPrivate()`` and removes it with ``remove()``. A watchdog process stops a private
/// server and deletes its directory within a second of the test process ending, however it ends.
///
/// The programs run on a thread outside Swift's cooperative pool: waiting for `initdb` or
/// `pg_ctl` there would hold back every other test of the process.
package final class PostgreSQLTestServer: Sendable {
    /// How ``stop(_:)`` stops the server (`pg_ctl -m`).
    package enum StopMode: String, Sendable {
        /// Connections are closed and the server shuts down cleanly.
        case fast
        /// The server quits at once, as in a crash; the next start recovers from its WAL.
        case immediate
    }

    /// What a private server is made of.
    private struct Local: Sendable {
        var binDirectory: String
        var directory: URL
        var port: Int
        var user: String?

        var dataDirectory: String { directory.appendingPathComponent("data").path }
    }

    /// What changes while the server lives.
    private struct State {
        var isRunning = false
        var isRemoved = false
        var watchdog: pid_t?
    }

    /// The variable naming a server to use instead of a private one.
    package static let urlVariable = "DIFFABLESTORE_POSTGRES_URL"
    /// The role a private server is made with.
    package static let role = "diffablestore"
    /// The user a private server runs as when the tests run as root.
    package static let serverUser = "postgres"

    /// The directory of PostgreSQL's programs: the newest version's under `/usr/lib/postgresql`
    /// (Debian's layout), else the one of the first `initdb` on the `PATH`; nil when there is none.
    package static let binDirectory: String? = {
        let files = FileManager.default
        let root = "/usr/lib/postgresql"
        let versions = (try? files.contentsOfDirectory(atPath: root)) ?? []
        let newest = versions.compactMap { version -> (Int, String)? in
            let bin = "\(root)/\(version)/bin"
            guard let number = Int(version), files.isExecutableFile(atPath: "\(bin)/initdb") else { return nil }
            return (number, bin)
        }.max { $0.0 < $1.0 }?.1
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return newest ?? path.first { files.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    /// Whether the tests have a server: a URL in ``urlVariable``, or PostgreSQL's programs.
    package static var isAvailable: Bool {
        ProcessInfo.processInfo.environment[urlVariable] != nil || binDirectory != nil
    }

    /// Whether the tests can start servers of their own (to stop, crash and restart them).
    package static var canStartPrivateServer: Bool {
        binDirectory != nil
    }

    /// The server's URL, password included: `postgres://diffablestore:…@127.0.0.1:PORT/postgres?sslmode=disable`.
    package let url: String
    private let local: Local?
    private let state = Locked(State())

    private init(url: String, local: Local?) {
        self.url = url
        self.local = local
    }

    // MARK: - The shared server

    private static let sharedServer = Task { () throws -> PostgreSQLTestServer in
        if let url = ProcessInfo.processInfo.environment[urlVariable] {
            return PostgreSQLTestServer(url: url, local: nil)
        }
        let server = try await startPrivate()
        startedSharedServer.withLock { $0 = server }
        atexit { PostgreSQLTestServer.startedSharedServer.value?.removeNow() }
        return server
    }

    /// The shared server once started, for the exit handler to remove.
    private static let startedSharedServer = Locked<PostgreSQLTestServer?>(nil)

    /// The test process's server, started on the first call (a few seconds) and removed at exit.
    package static func shared() async throws -> PostgreSQLTestServer {
        try await sharedServer.value
    }

    /// Runs `work` on a thread of its own and returns what it returns.
    private static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    // MARK: - Private servers

    /// Makes and starts a server of the caller's own; ``remove()`` stops it and deletes it.
    ///
    /// - Throws: ``PostgreSQLTestServerError`` when PostgreSQL is not installed, or `initdb` or
    ///   `pg_ctl` fails.
    package static func startPrivate() async throws -> PostgreSQLTestServer {
        try await offThePool { try startPrivateNow() }
    }

    /// ``startPrivate()`` on the calling thread, for a synchronous program.
    package static func startPrivateNow() throws -> PostgreSQLTestServer {
        guard let binDirectory else { throw PostgreSQLTestServerError.noBinaries }
        let user = geteuid() == 0 ? serverUser : nil
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("diffablestore-postgres.XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PostgreSQLTestServerError.systemCall("mkdtemp", String(cString: strerror(errno)))
        }
        let directory = URL(fileURLWithPath: String(cString: made))
        do {
            let passwordFile = directory.appendingPathComponent("password")
            let password = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try Data(password.utf8).write(to: passwordFile)
            if user != nil { try hand([directory, passwordFile]) }
            try ServerCommand(executable: "\(binDirectory)/initdb", arguments: [
                "-D", directory.appendingPathComponent("data").path, "-U", role, "--pwfile=\(passwordFile.path)",
                "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--no-locale", "--no-sync", "--no-instructions",
            ], user: user, directory: directory).run()
            try FileManager.default.removeItem(at: passwordFile)

            // Another program may take the free port before the server does: a few tries.
            var attempt = 1
            while true {
                let local = Local(binDirectory: binDirectory, directory: directory, port: try LoopbackPort.free(), user: user)
                let server = PostgreSQLTestServer(
                    url: "postgres://\(role):\(password)@127.0.0.1:\(local.port)/postgres?sslmode=disable",
                    local: local
                )
                do {
                    try server.startNow()
                    server.startWatchdog()
                    return server
                } catch where attempt < 3 {
                    attempt += 1
                }
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// The user and group IDs of ``serverUser``, looked up once (`getpwnam` is not safe to call
    /// from several threads at once).
    private static let serverUserIDs: (uid_t, gid_t)? = getpwnam(serverUser).map { ($0.pointee.pw_uid, $0.pointee.pw_gid) }

    /// Makes ``serverUser`` the owner of `items`, for the server's programs to write them.
    private static func hand(_ items: [URL]) throws {
        guard let (uid, gid) = serverUserIDs else { throw PostgreSQLTestServerError.noServerUser(serverUser) }
        for item in items where chown(item.path, uid, gid) != 0 {
            throw PostgreSQLTestServerError.systemCall("chown \(item.path)", String(cString: strerror(errno)))
        }
    }

    /// Starts the server (again, after ``stop(_:)``), on the same port, and waits until it
    /// accepts connections.
    package func start() async throws {
        try await Self.offThePool { try self.startNow() }
    }

    private func startNow() throws {
        guard let local else { throw PostgreSQLTestServerError.externalServer }
        let log = local.directory.appendingPathComponent("server.log")
        let options = "-p \(local.port) -k \(local.directory.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400"
        do {
            try pgCtl(["-D", local.dataDirectory, "-l", log.path, "-w", "-t", "60", "-o", options, "start"])
        } catch let PostgreSQLTestServerError.commandFailed(command, status, output) {
            let serverLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let tail = serverLog.split(separator: "\n").suffix(10).joined(separator: "\n")
            throw PostgreSQLTestServerError.commandFailed(command: command, status: status, output: output + "\nserver log:\n" + tail)
        }
        state.withLock { $0.isRunning = true }
    }

    /// Stops the server: cleanly (`fast`), or at once as in a crash (`immediate`).
    package func stop(_ mode: StopMode = .fast) async throws {
        try await Self.offThePool { try self.stopNow(mode) }
    }

    private func stopNow(_ mode: StopMode) throws {
        guard let local else { throw PostgreSQLTestServerError.externalServer }
        try pgCtl(["-D", local.dataDirectory, "-m", mode.rawValue, "-w", "stop"])
        state.withLock { $0.isRunning = false }
    }

    /// Stops the server with `mode` and starts it again.
    package func restart(after mode: StopMode) async throws {
        try await stop(mode)
        try await start()
    }

    /// Stops a private server and deletes its directory; nothing for the server of
    /// ``urlVariable``. Later calls do nothing.
    package func remove() async {
        _ = try? await Self.offThePool { self.removeNow() }
    }

    /// ``remove()`` on the calling thread, for a synchronous program.
    package func removeNow() {
        guard let local else { return }
        let (wasRunning, watchdog) = state.withLock { state in
            defer { (state.isRunning, state.isRemoved, state.watchdog) = (false, true, nil) }
            return (state.isRunning && !state.isRemoved, state.watchdog)
        }
        if wasRunning, (try? pgCtl(["-D", local.dataDirectory, "-m", "fast", "-w", "stop"])) == nil {
            try? pgCtl(["-D", local.dataDirectory, "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(at: local.directory)
        if let watchdog {
            kill(watchdog, SIGTERM)
            _ = try? ServerCommand.wait(for: watchdog)
        }
    }

    private func pgCtl(_ arguments: [String]) throws {
        guard let local else { throw PostgreSQLTestServerError.externalServer }
        try ServerCommand(executable: "\(local.binDirectory)/pg_ctl", arguments: arguments, user: local.user, directory: local.directory).run()
    }

    /// Starts a shell that waits for the test process to end, however it ends, then stops the
    /// server at once and deletes its directory; ``remove()`` ends it sooner.
    private func startWatchdog() {
        guard let local else { return }
        let asUser = local.user.map { "/usr/sbin/runuser -u \($0) -- " } ?? ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asUser)\(local.binDirectory)/pg_ctl -D \(local.dataDirectory) -m immediate -w stop >/dev/null 2>&1
            rm -rf \(local.directory.path)
            """
        guard let pid = try? ServerCommand(executable: "/bin/sh", arguments: ["-c", script], user: nil, directory: local.directory).start() else { return }
        state.withLock { $0.watchdog = pid }
    }
}
