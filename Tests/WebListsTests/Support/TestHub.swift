import DiffableSupport
@testable import WebLists

/// A ``PageHub`` fed by hand: update `n` is `{"t":"u","g":n}` and the full list of generation
/// `n` is `{"t":"full","g":n}`.
struct TestHub {
    let hub: PageHub
    private let generation = Locked<UInt64>(0)

    init(keptUpdates: Int = 512, pageQueueLimit: Int = 256) {
        let generation = generation
        hub = PageHub(keptUpdates: keptUpdates, pageQueueLimit: pageQueueLimit) {
            let full = generation.value
            return PageUpdate(generation: full, text: #"{"t":"full","g":\#(full)}"#)
        }
    }

    /// The last generation published.
    var current: UInt64 { generation.value }

    /// Publishes the next `count` updates.
    func publish(_ count: Int = 1) {
        for _ in 0..<count {
            let next = generation.withLock { value in
                value += 1
                return value
            }
            hub.publish(PageUpdate(generation: next, text: #"{"t":"u","g":\#(next)}"#))
        }
    }

    /// Reloads the list at the next generation.
    func reload() {
        let next = generation.withLock { value in
            value += 1
            return value
        }
        hub.publishReload(generation: next)
    }

    /// A page that connects now, resuming from generation `resuming` of this run when given.
    func connect(resuming: UInt64? = nil, wokenBy waker: CountingWaker = CountingWaker()) -> PageCursor {
        hub.connect(resumingFrom: resuming.map { ResumePoint(epoch: hub.epoch, generation: $0) }, wokenBy: waker)
    }
}
