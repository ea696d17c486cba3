import Dispatch
import Foundation
import ListDataSources
import ObjectStore
import ScoreboardCore
import WebLists

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo in web browsers: the same home screen, pipeline and feed as in the terminal, shown
/// by a `WebListView` that a `WebListServer` serves at `/`, until a signal or the time limit.
///
/// With a number of feed steps, the feed stops after them; once the list shows what fresh
/// fetches give, those fetches are served too, at `/fresh`, through the same cells and page, so
/// that a browser can compare the two.
enum WebSession {
    struct Options: Sendable {
        var host: String
        var port: Int
        var rate: Double
        var steps: Int?
        var guestTeam: String?
        var duration: Duration?
    }

    static func run(container: PersistentContainer, banners: [Banner], seed: UInt64, options: Options) async throws {
        let context = ScoreboardStore.homeContext(of: container)
        let home = await context.perform { HomeScreen(context: context, banners: banners) }
        let cell: @Sendable (HomeItem) -> WebCell = { WebCells.cell(for: $0, in: home) }
        let view = WebListView<HomeSection, HomeItem>()
        let pipeline = HomePipeline(home: home, view: view, cell: cell)
        let fresh = WebListView<HomeSection, HomeItem>()
        let freshSource = DiffableDataSource(view: fresh) { _, _, item in cell(item) }
        var server = WebListServer(configuration: .init(host: options.host, port: options.port))
        server.serve(view, at: "/", title: "Scoreboard")
        server.serve(fresh, at: "/fresh", title: "Scoreboard: fresh fetch")

        let applying = Task { await pipeline.run() }
        try await home.start()
        let feed = FeedRunner(container: container, seed: seed)
        if let team = options.guestTeam {
            let feedContext = feed.context
            let added: Result<Void, ObjectStoreError> = await feedContext.perform {
                Result { () throws(ObjectStoreError) in try GuestMatch.add(team: team, in: feedContext) }
            }
            try added.get()
        }
        let (endings, ending) = AsyncStream<Void>.makeStream()
        let serving = Task {
            do {
                try await server.run { port in say("serving http://\(options.host):\(port)/") }
            } catch {
                FileHandle.standardError.write(Data("scoreboard: error: The web server stopped: \(error)\n".utf8))
            }
            ending.yield()
        }
        let playing = Task { await play(feed, options: options, home: home, view: view, fresh: freshSource) }
        let signals = watchSignals(ending: ending)
        let timer = options.duration.map { duration in Task { try? await Task.sleep(for: duration); ending.yield() } }
        for await _ in endings { break }
        playing.cancel()
        await playing.value
        serving.cancel()
        await serving.value
        applying.cancel()
        timer?.cancel()
        signals.forEach { $0.cancel() }
    }

    /// Plays the feed: a step every `1/rate` second, for `steps` steps or until cancelled; after
    /// the last step, serves fresh fetches once the list shows them.
    private static func play(
        _ feed: FeedRunner, options: Options, home: HomeScreen, view: WebListView<HomeSection, HomeItem>,
        fresh: DiffableDataSource<HomeSection, HomeItem>
    ) async {
        guard let steps = options.steps else {
            await feed.run(rate: options.rate)
            return
        }
        for _ in 0..<steps {
            guard (try? await Task.sleep(for: .seconds(1 / options.rate))) != nil else { return }
            _ = try? await feed.step()
        }
        let context = home.controllers.context
        for _ in 0..<500 where !Task.isCancelled {
            guard let snapshot = try? await context.perform({ () throws(ObjectStoreError) in try home.freshSnapshot() }) else { return }
            if HomeScreen.sameContent(view.snapshot, snapshot) {
                _ = try? await fresh.applySnapshotUsingReloadData(snapshot)
                say("feed stopped after \(steps) steps; fresh fetches at /fresh")
                return
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func watchSignals(ending: AsyncStream<Void>.Continuation) -> [any DispatchSourceSignal] {
        signal(SIGPIPE, SIG_IGN)
        return [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { ending.yield() }
            source.resume()
            return source
        }
    }
}
