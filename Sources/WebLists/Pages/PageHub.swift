import NIOConcurrencyHelpers

/// The pages of one list: the window of recent updates a page that comes back can catch up
/// from, and the queue of every page connected.
///
/// A ``WebListView`` publishes each apply here once; the hub hands it to every page's
/// ``PageQueue`` without waiting for any of them.
final class PageHub: Sendable {
    /// The name of this run of the list: a page that comes back with the generation of another
    /// run (the server restarted) gets the full list.
    let epoch: String
    /// How many recent updates a page can catch up from.
    let keptUpdates: Int
    /// How many updates a page may fall behind before it is sent the full list instead.
    let pageQueueLimit: Int
    private let makeFullList: @Sendable () -> PageUpdate
    private let state = NIOLockedValueBox(State())

    private struct State {
        var generation: UInt64 = 0
        var window: [PageUpdate] = []
        var pages: [ObjectIdentifier: PageQueue] = [:]
        var fullListsForLag = 0
    }

    /// A hub whose pages get their full lists from `fullList`.
    init(keptUpdates: Int, pageQueueLimit: Int, fullList: @escaping @Sendable () -> PageUpdate) {
        epoch = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        self.keptUpdates = max(0, keptUpdates)
        self.pageQueueLimit = max(1, pageQueueLimit)
        makeFullList = fullList
    }

    /// The full list now, with its generation.
    func fullList() -> PageUpdate { makeFullList() }

    /// The last update published since the last reload.
    var lastUpdate: PageUpdate? { state.withLockedValue { $0.window.last } }

    /// The number of pages connected.
    var pageCount: Int { state.withLockedValue { $0.pages.count } }

    /// How many times a page, connected now or before, fell so far behind that it was sent the
    /// full list.
    var fullListsForLag: Int {
        state.withLockedValue { state in state.fullListsForLag + state.pages.values.reduce(0) { $0 + $1.fullListsForLag } }
    }

    /// Hands `update`, the message of the apply that made `update.generation`, to every page.
    func publish(_ update: PageUpdate) {
        state.withLockedValue { state in
            state.generation = update.generation
            if keptUpdates > 0 {
                state.window.append(update)
                if state.window.count >= 2 * keptUpdates { state.window.removeFirst(state.window.count - keptUpdates) }
            }
            for page in state.pages.values { page.push(update) }
        }
    }

    /// Tells every page that the list was reloaded at `generation`: each gets the full list, and
    /// no page can catch up by updates from before it.
    func publishReload(generation: UInt64) {
        state.withLockedValue { state in
            state.generation = generation
            state.window.removeAll()
            for page in state.pages.values { page.requestFullList() }
        }
    }

    /// A queue for a page that connects now, holding what the page needs first: the updates
    /// after `resumePoint` when the window still has them, else the full list.
    ///
    /// - Parameter resumePoint: The run and generation the page shows, if it shows any.
    func connect(resumingFrom resumePoint: ResumePoint?) -> PageQueue {
        let page = PageQueue(limit: pageQueueLimit)
        state.withLockedValue { state in
            state.pages[ObjectIdentifier(page)] = page
            guard let resumePoint, resumePoint.epoch == epoch, resumePoint.generation <= state.generation else {
                page.requestFullList()
                return
            }
            guard resumePoint.generation < state.generation else { return }
            let kept = state.window.drop { $0.generation <= resumePoint.generation }
            guard let first = kept.first, first.generation == resumePoint.generation + 1 else {
                page.requestFullList()
                return
            }
            for update in kept { page.push(update) }
        }
        return page
    }

    /// Forgets `page`, whose connection ended.
    func disconnect(_ page: PageQueue) {
        page.close()
        state.withLockedValue { state in
            if state.pages.removeValue(forKey: ObjectIdentifier(page)) != nil {
                state.fullListsForLag += page.fullListsForLag
            }
        }
    }

    /// Ends every page's connection: the server is stopping.
    func closeAll() {
        state.withLockedValue { $0.pages.values.forEach { $0.close() } }
    }
}
