import Atomics
import NIOConcurrencyHelpers
import NIOCore

/// The pages of one list: the bounded window of recent updates, from which every page connected
/// takes what it has yet to be sent and a page that comes back catches up, and the pages
/// connected.
///
/// A ``WebListView`` publishes each apply here once: the hub keeps it in its window and wakes
/// the writers of its pages (one ``PageWaker`` an event loop), not each page, and waits for none
/// of them.
final class PageHub: Sendable {
    /// The name of this run of the list: a page that comes back with the generation of another
    /// run (the server restarted) gets the full list.
    let epoch: String
    /// How many recent updates a page can catch up from when it comes back.
    let keptUpdates: Int
    /// How many updates a page may fall behind before it is sent the full list instead.
    let pageQueueLimit: Int
    private let makeFullList: @Sendable () -> PageUpdate
    private let state = NIOLockedValueBox(State())
    private let published = ManagedAtomic<UInt64>(0)

    fileprivate struct State {
        var generation: UInt64 = 0
        var window = CircularBuffer<PageUpdate>()
        var pages: [ObjectIdentifier: (cursor: PageCursor, waker: ObjectIdentifier)] = [:]
        var wakers: [ObjectIdentifier: (waker: any PageWaker, pages: Int)] = [:]
        var wakerList: [any PageWaker] = []
        var fullListsForLag = 0
    }

    /// A hub whose pages get their full lists from `fullList`.
    init(keptUpdates: Int, pageQueueLimit: Int, fullList: @escaping @Sendable () -> PageUpdate) {
        epoch = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        self.keptUpdates = max(0, keptUpdates)
        self.pageQueueLimit = max(1, pageQueueLimit)
        makeFullList = fullList
    }

    /// How many updates the window holds at most: enough for every page it serves and every
    /// page that comes back.
    var windowCapacity: Int { max(keptUpdates, pageQueueLimit) }

    /// The full list now, with its generation.
    func fullList() -> PageUpdate { makeFullList() }

    /// The last update published since the last reload.
    var lastUpdate: PageUpdate? { state.withLockedValue { $0.window.last } }

    /// The number of pages connected.
    var pageCount: Int { state.withLockedValue { $0.pages.count } }

    /// How many times a page, connected now or before, fell so far behind that it was sent the
    /// full list.
    var fullListsForLag: Int {
        state.withLockedValue { state in state.fullListsForLag + state.pages.values.reduce(0) { $0 + $1.cursor.fullListsForLag } }
    }

    /// Keeps `update`, the message of the apply that made `update.generation`, for every page,
    /// and wakes their writers.
    func publish(_ update: PageUpdate) {
        let wakers = state.withLockedValue { state in
            if let last = state.window.last, last.generation + 1 != update.generation { state.window.removeAll(keepingCapacity: true) }
            state.window.append(update)
            if state.window.count > windowCapacity { state.window.removeFirst() }
            state.generation = update.generation
            published.store(update.generation, ordering: .releasing)
            return state.wakerList
        }
        for waker in wakers { waker.wakeEveryPage() }
    }

    /// Tells every page that the list was reloaded at `generation`: each gets the full list, and
    /// no page can catch up by updates from before it.
    func publishReload(generation: UInt64) {
        let wakers = state.withLockedValue { state in
            state.generation = generation
            state.window.removeAll(keepingCapacity: true)
            published.store(generation, ordering: .releasing)
            return state.wakerList
        }
        for waker in wakers { waker.wakeEveryPage() }
    }

    /// The last generation published, read without waiting for a publish: a round whose window
    /// is older takes the window again.
    var generation: UInt64 { published.load(ordering: .acquiring) }

    /// What a page sent up to `generation` may be sent now: the last generation published and
    /// the updates after `generation`, at most ``pageQueueLimit`` of them.
    func window(after generation: UInt64) -> PageWindow {
        state.withLockedValue { state in
            let from = max(generation, state.generation.subtractingClamped(UInt64(pageQueueLimit)))
            let first = state.window.first?.generation ?? state.generation + 1
            let skipped = Int(min(from.subtractingClamped(first - 1), UInt64(state.window.count)))
            let updates = Array(state.window[state.window.index(state.window.startIndex, offsetBy: skipped)...])
            return PageWindow(generation: state.generation, start: generation, limit: pageQueueLimit, updates: updates)
        }
    }

    /// A page that connects now, woken by `waker` when an update comes: it holds the generation
    /// of `resumePoint` when the window still has every update after it, else it is to be sent
    /// the full list first.
    ///
    /// - Parameter resumePoint: The run and generation the page shows, if it shows any.
    func connect(resumingFrom resumePoint: ResumePoint?, wokenBy waker: some PageWaker) -> PageCursor {
        state.withLockedValue { state in
            let cursor = PageCursor(start: resumePoint.flatMap { state.resumes(from: $0, epoch: epoch, keptUpdates: keptUpdates) })
            let wakerID = ObjectIdentifier(waker)
            state.pages[ObjectIdentifier(cursor)] = (cursor, wakerID)
            state.wakers[wakerID, default: (waker, 0)].pages += 1
            state.wakerList = state.wakers.values.map(\.waker)
            return cursor
        }
    }

    /// Forgets `page`, whose connection ended.
    func disconnect(_ page: PageCursor) {
        page.close()
        state.withLockedValue { state in
            guard let wakerID = state.pages.removeValue(forKey: ObjectIdentifier(page))?.waker else { return }
            state.fullListsForLag += page.fullListsForLag
            state.wakers[wakerID]?.pages -= 1
            if state.wakers[wakerID]?.pages == 0 { state.wakers[wakerID] = nil }
            state.wakerList = state.wakers.values.map(\.waker)
        }
    }

    /// Ends every page's connection: the server is stopping.
    func closeAll() {
        let pages = state.withLockedValue { $0.pages.values.map(\.cursor) }
        pages.forEach { $0.close() }
    }
}

extension PageHub.State {
    /// The generation a page at `resumePoint` holds and can be sent the updates after, when it
    /// is of this run (`epoch`), no more than `keptUpdates` behind and the window has them all.
    fileprivate func resumes(from resumePoint: ResumePoint, epoch: String, keptUpdates: Int) -> UInt64? {
        guard resumePoint.epoch == epoch, resumePoint.generation <= generation else { return nil }
        guard resumePoint.generation < generation else { return generation }
        guard generation - resumePoint.generation <= UInt64(keptUpdates),
            let first = window.first, first.generation <= resumePoint.generation + 1
        else { return nil }
        return resumePoint.generation
    }
}

extension UInt64 {
    /// `self - other`, or 0 when `other` is larger.
    fileprivate func subtractingClamped(_ other: UInt64) -> UInt64 { self > other ? self - other : 0 }
}
