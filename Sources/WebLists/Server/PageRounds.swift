import NIOConcurrencyHelpers
import NIOCore

/// One server's ``PageRound`` of each event loop its pages' channels run on.
final class PageRounds: Sendable {
    private let rounds = NIOLockedValueBox<[ObjectIdentifier: PageRound]>([:])

    /// The round of `eventLoop`, made on first use.
    func round(of eventLoop: any EventLoop) -> PageRound {
        rounds.withLockedValue { rounds in
            if let round = rounds[ObjectIdentifier(eventLoop)] { return round }
            let round = PageRound(eventLoop: eventLoop)
            rounds[ObjectIdentifier(eventLoop)] = round
            return round
        }
    }
}
