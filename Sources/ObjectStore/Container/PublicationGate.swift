import Foundation

/// Lets a read wait until the change sets of every commit it saw have reached the inboxes.
///
/// A save commits to the store, then hands its change set to the merging contexts. A read that
/// starts in between sees the commit while its change set is not in any inbox yet. The saver
/// marks the generation it commits as in flight from inside its transaction (so before any read
/// can see it) until it has handed the change set on; a reader that saw that generation waits for
/// the hand-over. Saves are serialized by the commit lock, so at most one is in flight, and the
/// wait is over as soon as that save has filled the inboxes (no user code runs meanwhile).
final class PublicationGate: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var inFlight: Int64?

    /// Marks `generation` as committed (or about to be) but not yet handed on.
    func begin(_ generation: Int64) {
        condition.lock()
        inFlight = generation
        condition.unlock()
    }

    /// Marks the save in flight as handed on (or failed).
    func end() {
        condition.lock()
        inFlight = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until no save whose generation is at most `generation` is in flight.
    func wait(through generation: Int64) {
        condition.lock()
        while let pending = inFlight, pending <= generation {
            condition.wait()
        }
        condition.unlock()
    }
}
