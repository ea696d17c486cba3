/// A context's change stream as the context keeps it, on its queue: the number of the last
/// event, and the events recorded but not yet delivered to observers.
///
/// Events are numbered when the transition happens (so a fetch can say which ones it reflects)
/// and delivered at the end of the queue turn, or at the end of the public operation that made
/// them (`save()`, `rollback()`, `processPendingChanges()`…): never in the middle of the
/// context's own work, so observers may call the context back.
struct ChangeStream {
    /// The sequence number of the last event recorded; 0 before the first.
    var sequenceNumber: Int64 = 0
    /// Recorded events not delivered yet, in order.
    var undelivered: [ChangeEvent] = []
    /// Whether a delivery is running further up the stack (events recorded meanwhile join it).
    var isDelivering = false
    /// Whether a block that ends the current turn (pending changes recorded, events delivered)
    /// is queued.
    var turnEndScheduled = false

    /// Checks, in debug builds, that the undelivered events are numbered in order, the last one
    /// with the stream's sequence number.
    func _checkInvariants() {
        #if DEBUG
        for index in undelivered.indices.dropFirst() {
            assert(undelivered[index - 1].sequenceNumber < undelivered[index].sequenceNumber, "ChangeStream: event \(undelivered[index].sequenceNumber) queued after \(undelivered[index - 1].sequenceNumber)")
        }
        if let last = undelivered.last {
            assert(last.sequenceNumber == sequenceNumber, "ChangeStream: the last queued event is \(last.sequenceNumber), the stream is at \(sequenceNumber)")
        }
        #endif
    }
}
