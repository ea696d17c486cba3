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

    /// Runs the session and returns the exit status.
    static func run(
        container: PersistentContainer, banners: [Banner], seed: UInt64, rate: Double, duration: Duration?
    ) async throws -> Int32 {
        let terminal = try TerminalSession()
        defer { terminal.restore() }

        let context = container.newBackgroundContext(name: "home")
        context.automaticallyMergesChangesFromParent = true
        let home = await context.perform { HomeScreen(context: context, banners: banners) }
        let size = TerminalSession.size()
        let writer = ScreenWriter(size: size)
        let view = TerminalListView<HomeSection, HomeItem>(
            size: ScreenWriter.listSize(of: size), output: writer, showsStatusLine: false)
        let pipeline = HomePipeline(home: home, view: view)
        let feed = FeedRunner(container: container, seed: seed)
        let state = Locked(InputState())

        let (endings, ending) = AsyncStream<Ending>.makeStream()
        let footer: @Sendable () -> Void = {
            writer.setFooter(help: helpLine(state.value, feed: feed), status: statusLine(pipeline.statistics, paused: feed.isPaused))
        }

        let applying = Task { await pipeline.run { _ in footer() } }
        try await home.start()
        let playing = Task {
            await feed.run(rate: rate) { _ in footer() }
        }
        let refreshing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                view.refresh()
            }
        }
        let signals = watchSignals(ending: ending, resize: { newSize in
            writer.resize(to: newSize)
            view.resize(to: ScreenWriter.listSize(of: newSize))
            footer()
        })
        let timer = duration.map { duration in
            Task {
                try? await Task.sleep(for: duration)
                ending.yield(.timeUp)
            }
        }
        let reading = Task {
            for await key in KeyReader.keys() {
                for action in state.withLock({ $0.handle(key) }) {
                    if let end = await perform(action, home: home, view: view, feed: feed) {
                        ending.yield(end)
                    }
                }
                footer()
            }
            ending.yield(.terminalClosed)
        }
        footer()

        var result = Ending.quit
        for await end in endings {
            result = end
            break
        }
        // Stop the feed first and wait for its step in progress, so the store closes after
        // its last save; then everything else.
        playing.cancel()
        await playing.value
        reading.cancel()
        refreshing.cancel()
        applying.cancel()
        timer?.cancel()
        signals.forEach { $0.cancel() }
        terminal.restore()
        return result.exitCode
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
