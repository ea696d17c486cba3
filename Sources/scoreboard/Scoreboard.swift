import ArgumentParser
import Foundation
import ListDataSources
import ObjectStore
import PostgreSQLStore
import ScoreboardCore

/// `scoreboard`: a sports home screen on the embedded SQLite store (or a PostgreSQL store), kept
/// live by a feed.
@main
struct Scoreboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A live sports home screen on an embedded SQLite store, drawn in the terminal.",
        discussion: """
            Five sources make one list: banners from a JSON file, then four fetched results \
            controllers (sports, featured matches, matches by sport, live matches by sport), \
            merged by a snapshot composer and applied to a terminal list view. A background \
            feed changes scores and odds, starts and finishes matches, adds matches and sports.

            Keys: q quits, / filters by team (Enter keeps the filter, Esc clears it), b puts the \
            selected match on the bet slip or takes it off, arrows move the selection, space \
            pauses the feed.
            """
    )

    @Option(name: .customLong("store"), help: ArgumentHelp("The store file (default: scoreboard/scoreboard.sqlite in the user's data directory).", valueName: "path"))
    var storePath: String?

    @Flag(help: "Keep the store in memory: nothing is written to disk.")
    var inMemory = false

    @Option(help: ArgumentHelp(
        "Keep the store on the PostgreSQL server at this URL (schema scoreboard); scoreboards started on the same URL follow each other's feed saves.",
        valueName: "url"))
    var postgres: String?

    @Option(help: "The seed of the feed (and of a new store's first data set).")
    var seed: UInt64 = 1

    @Option(help: "How much faster than a person can follow the feed plays (2 is twice as often).")
    var rate: Double = 1

    @Flag(help: "Run without a terminal into a validating view, then print one summary line.")
    var headless = false

    @Option(help: "Seconds to run: 10 by default with --headless; until q without it.")
    var duration: Double?

    @Flag(help: "Serve the home screen to web browsers instead of drawing it in the terminal.")
    var web = false

    @Option(help: "The port of the web server (with --web).")
    var port = 8080

    @Option(help: "The address the web server binds (with --web); the loopback address by default.")
    var host = "127.0.0.1"

    @Option(help: "Stop the feed after this many steps, one every 1/rate second, and then serve fresh fetches at /fresh (with --web).")
    var steps: Int?

    @Option(help: "Add a featured match of a team of this name (with --web), to see any name shown as text.")
    var guestTeam: String?

    func validate() throws {
        if [storePath != nil, inMemory, postgres != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--store, --in-memory and --postgres exclude each other")
        }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number") }
        if let duration, !(duration >= 0 && duration.isFinite) { throw ValidationError("--duration must be a number of seconds") }
        if web && headless { throw ValidationError("--web and --headless exclude each other") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        if let steps, steps < 0 { throw ValidationError("--steps must be 0 or more") }
    }

    func run() async throws {
        do {
            let banners = try Self.loadBanners()
            let container = try openStore()
            if headless {
                try await runHeadless(container: container, banners: banners)
            } else if web {
                let options = WebSession.Options(
                    host: host, port: port, rate: rate, steps: steps, guestTeam: guestTeam, duration: duration.map { .seconds($0) })
                try await WebSession.run(container: container, banners: banners, seed: seed, options: options)
            } else {
                let code = try await InteractiveSession.run(
                    container: container, banners: banners, seed: seed, rate: rate, duration: duration.map { .seconds($0) })
                if code != 0 { throw ExitCode(code) }
            }
        } catch let error as ScoreboardError {
            Self.fail(error.description)
        } catch let error as TerminalError {
            Self.fail(error.description)
        }
    }

    private func openStore() throws -> PersistentContainer {
        if let postgres {
            do {
                return try ScoreboardStore.open(description: .postgreSQL(url: postgres, schema: "scoreboard"), seed: seed)
            } catch let error as PostgreSQLSettingsError {
                Self.fail("--postgres: \(error)")
            }
        }
        let location: StoreLocation =
            inMemory ? .inMemory : storePath.map { .file(URL(fileURLWithPath: $0)) } ?? .userDataDirectory
        return try ScoreboardStore.open(location, seed: seed)
    }

    private func runHeadless(container: PersistentContainer, banners: [Banner]) async throws {
        let summary = try await HeadlessRun.run(
            container: container, banners: banners, seed: seed, pace: .timed(.seconds(duration ?? 10), rate: rate))
        print(summary.line)
        if let difference = summary.difference {
            FileHandle.standardError.write(Data("scoreboard: The list differs from fresh fetches: \(difference).\n".utf8))
        }
        if let error = summary.statistics.lastError {
            FileHandle.standardError.write(Data("scoreboard: An apply failed. \(error)\n".utf8))
        }
        if !summary.succeeded { throw ExitCode.failure }
    }

    /// The banners shipped with the demo.
    static func loadBanners() throws(ScoreboardError) -> [Banner] {
        guard let url = Bundle.module.url(forResource: "banners", withExtension: "json") else {
            throw .unreadableBanners(path: "banners.json", reason: "it is missing from the demo's resources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableBanners(path: url.path, reason: error.localizedDescription)
        }
        return try Banner.decodeList(data, path: url.path)
    }

    /// Prints `message` as one line on the standard error and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("scoreboard: error: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
