import Dispatch
import DiffableSupport
import Foundation
import ListDataSources
import ObjectStore
import ScoreboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo in the terminal: the home screen drawn by a `TerminalListView`, the feed playing,
/// keys read and acted on, until `q`, Ctrl-C, a signal or a closed terminal ends it.
enum InteractiveSession {
    /// What ends the session, and the exit status it ends with.
    enum Ending: Sendable {
        case quit
        case timeUp
        case signal(Int32)
        case terminalClosed

        var exitCode: Int32 {
            switch self {
            case .quit, .timeUp, .terminalClosed: 0
            case .signal(let number): 128 + number
            }
        }
    }

    /// What the session shows and drives: the home screen, the list view that draws it, the
    /// pipeline between them, the feed, and the keyboard's state.
    private struct Screen: Sendable {
        let home: HomeScreen
        let writer: ScreenWriter
        let view: TerminalListView<HomeSection, HomeItem>
        let pipeline: HomePipeline<TerminalListView<HomeSection, HomeItem>>
        let feed: FeedRunner
        let state: Locked<InputState>

        /// Draws the footer again from the keyboard's state, the feed and the pipeline.
        func drawFooter() {
            writer.setFooter(help: InteractiveSession.helpLine(state.value, feed: feed), status: InteractiveSession.statusLine(pipeline.statistics, paused: feed.isPaused))
        }
    }

    /// What runs while the session lasts: its tasks and signal sources.
    private struct Running {
        let applying: Task<Void, Never>
        let playing: Task<Void, Never>
        let refreshing: Task<Void, Never>
        let reading: Task<Void, Never>
        let timer: Task<Void, Never>?
        let signals: [any DispatchSourceSignal]

        /// Stops the feed first and waits for its step in progress, so the store closes after
        /// its last save; then everything else.
        func stop() async {
            playing.cancel()
            await playing.value
            reading.cancel()
            refreshing.cancel()
            applying.cancel()
            timer?.cancel()
            signals.forEach { $0.cancel() }
        }
    }

    /// Runs the session and returns the exit status.
    static func run(
        container: PersistentContainer, banners: [Banner], seed: UInt64, rate: Double, duration: Duration?
    ) async throws -> Int32 {
        let terminal = try TerminalSession()
        defer { terminal.restore() }

        let screen = await makeScreen(container: container, banners: banners, seed: seed)
        let (endings, ending) = AsyncStream<Ending>.makeStream()
        let running = try await start(screen, rate: rate, duration: duration, ending: ending)
        screen.drawFooter()

        var result = Ending.quit
        for await end in endings {
            result = end
            break
        }
        await running.stop()
        terminal.restore()
        return result.exitCode
    }

    /// Opens the home screen on a context of its own, and makes the list view that draws it on
    /// the terminal, the pipeline between them and the feed.
    private static func makeScreen(container: PersistentContainer, banners: [Banner], seed: UInt64) async -> Screen {
        let context = ScoreboardStore.homeContext(of: container)
        let home = await context.perform { HomeScreen(context: context, banners: banners) }
        let size = TerminalSession.size()
        let writer = ScreenWriter(size: size)
        let view = TerminalListView<HomeSection, HomeItem>(
            size: ScreenWriter.listSize(of: size), output: writer, showsStatusLine: false)
        return Screen(
            home: home, writer: writer, view: view, pipeline: HomePipeline(home: home, view: view),
            feed: FeedRunner(container: container, seed: seed), state: Locked(InputState()))
    }

    /// Starts what runs while the session lasts: the pipeline, the home screen, the feed, the
    /// list's periodic refresh, the signal watch, the time limit and the key loop, which yield
    /// the session's endings to `ending`.
    private static func start(
        _ screen: Screen, rate: Double, duration: Duration?, ending: AsyncStream<Ending>.Continuation
    ) async throws -> Running {
        let applying = Task { await screen.pipeline.run { _ in screen.drawFooter() } }
        try await screen.home.start()
        let playing = Task {
            await screen.feed.run(rate: rate) { _ in screen.drawFooter() }
        }
        let refreshing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                screen.view.refresh()
            }
        }
        let signals = watchSignals(ending: ending, resize: { newSize in
            screen.writer.resize(to: newSize)
            screen.view.resize(to: ScreenWriter.listSize(of: newSize))
            screen.drawFooter()
        })
        let timer = duration.map { duration in
            Task {
                try? await Task.sleep(for: duration)
                ending.yield(.timeUp)
            }
        }
        let reading = Task { await readKeys(screen, ending: ending) }
        return Running(
            applying: applying, playing: playing, refreshing: refreshing, reading: reading,
            timer: timer, signals: signals)
    }

    /// Acts on each key read until the terminal closes, which ends the session.
    private static func readKeys(_ screen: Screen, ending: AsyncStream<Ending>.Continuation) async {
        for await key in KeyReader.keys() {
            for action in screen.state.withLock({ $0.handle(key) }) {
                if let end = await perform(action, home: screen.home, view: screen.view, feed: screen.feed) {
                    ending.yield(end)
                }
            }
            screen.drawFooter()
        }
        ending.yield(.terminalClosed)
    }

    /// Performs one key's action; returns how the session ends, if it does.
    private static func perform(
        _ action: InputAction, home: HomeScreen, view: TerminalListView<HomeSection, HomeItem>, feed: FeedRunner
    ) async -> Ending? {
        switch action {
        case .quit:
            return .quit
        case .moveSelection(let offset):
            view.moveSelection(by: offset)
        case .page(let direction):
            if direction < 0 { view.pageUp() } else { view.pageDown() }
        case .filter(let text):
            try? await home.apply(TeamFilter(text))
        case .toggleBetSlip:
            if let item = view.selectedItem {
                home.toggleBetSlip(item)
            } else {
                view.moveSelection(by: 0)
            }
        case .togglePause:
            feed.isPaused.toggle()
        case .redraw:
            view.redraw()
        }
        return nil
    }

    /// Turns SIGINT, SIGTERM and SIGHUP into endings and SIGWINCH into resizes; SIGPIPE is
    /// ignored so that a closed terminal ends the session through the key reader.
    private static func watchSignals(
        ending: AsyncStream<Ending>.Continuation, resize: @escaping @Sendable (TerminalSize) -> Void
    ) -> [any DispatchSourceSignal] {
        signal(SIGPIPE, SIG_IGN)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if number == SIGWINCH {
                    resize(TerminalSession.size())
                } else {
                    ending.yield(.signal(number))
                }
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }

    /// The footer's first line: the filter being typed, or the keys and the feed's last change.
    static func helpLine(_ input: InputState, feed: FeedRunner) -> String {
        if input.isEditingFilter {
            return " filter by team: \(input.filter)_   (Enter keeps it, Esc clears it)"
        }
        let filter = input.filter.isEmpty ? "" : " filter \"\(input.filter)\" (Esc clears) |"
        let event = feed.lastEvent.map { " | \($0.text)" } ?? ""
        return "\(filter) q quit  / filter  b bet slip  space pause  arrows move\(event)"
    }

    /// The status line.
    static func statusLine(_ statistics: ApplyStatistics, paused: Bool) -> String {
        " \(statistics.statusText) | feed \(paused ? "paused" : "live")"
    }
}
