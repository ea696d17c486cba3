import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PostgreSQL program run as the server's user when the tests run as root, in the server's
/// directory, with its output kept in a file.
///
/// Started with `posix_spawn`, its file descriptors above 2 closed, rather than with Foundation's
/// `Process`: `pg_ctl start` leaves the server running, which would inherit the socket by which
/// `Process` learns that its child ended, and `Process` would wait for the server to end.
struct ServerCommand {
    /// The program's path.
    var executable: String
    /// Its arguments.
    var arguments: [String]
    /// The user to run it as, through `runuser`, or nil for the current one.
    var user: String?
    /// The directory it runs in, and where its output file is written.
    var directory: URL

    /// Runs the program to its end and returns its output.
    ///
    /// - Throws: ``PostgreSQLTestServerError/commandFailed(command:status:output:)`` when it
    ///   exits with a status other than 0.
    @discardableResult
    func run() throws -> String {
        let outputURL = directory.appendingPathComponent("command-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let status = try Self.wait(for: start(output: outputURL.path))
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let name = URL(fileURLWithPath: executable).lastPathComponent
            throw PostgreSQLTestServerError.commandFailed(
                command: ([name] + arguments).joined(separator: " "),
                status: status,
                output: text.split(separator: "\n").suffix(15).joined(separator: "\n")
            )
        }
        return text
    }

    /// Starts the program with its output going to `output` (or nowhere) and returns its
    /// process ID, for ``wait(for:)`` or `kill`.
    func start(output: String = "/dev/null") throws -> pid_t {
        // The shell changes to the directory (posix_spawn has no portable way to) and runs the
        // program in its place.
        let program = (user.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + [executable] + arguments
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path] + program

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, environ)
        guard result == 0 else {
            throw PostgreSQLTestServerError.systemCall("posix_spawn \(executable)", String(cString: strerror(result)))
        }
        return pid
    }

    /// Waits for the process `pid` to end and returns its exit status (128 plus the signal for
    /// one a signal ended).
    static func wait(for pid: pid_t) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgreSQLTestServerError.systemCall("waitpid", String(cString: strerror(errno))) }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The process's open file descriptors: those listed in `/proc/self/fd`, or every number
    /// below 1024 where there is no such directory (closing one that is not open is no error).
    private static func openDescriptors() -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return Array(0..<1024) }
        return names.compactMap { Int32($0) }
    }
}
