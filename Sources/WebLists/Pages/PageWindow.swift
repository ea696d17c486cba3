/// A hub's recent updates as one round of writes sees them: the last generation published and
/// the updates that pages sent up to ``start`` or later may still be sent, in order.
struct PageWindow: Sendable {
    /// What a page sent up to some generation is to be sent next.
    enum Step: Equatable {
        /// Nothing: the page has every update published.
        case upToDate
        /// These updates, consecutive and in order, as one message.
        case updates(ArraySlice<PageUpdate>)
        /// The full list, in place of updates the window no longer holds or that are more than
        /// the page may fall behind (`forLag`).
        case fullList(forLag: Bool)
    }

    /// The last generation published.
    let generation: UInt64
    /// The window serves pages sent up to this generation or a later one.
    let start: UInt64
    /// The most updates a page may fall behind before it is sent the full list in their place.
    let limit: Int
    /// Consecutive updates ending at ``generation``, from the first a page the window serves may
    /// need (fewer, or none, after a reload).
    let updates: [PageUpdate]

    /// Whether the window holds what a page sent up to `sent` needs.
    func serves(_ sent: UInt64) -> Bool { sent >= start }

    /// What a page sent up to `sent` (a generation the window serves) is to be sent next.
    func next(after sent: UInt64) -> Step {
        guard sent < generation else { return .upToDate }
        guard generation - sent <= UInt64(limit) else { return .fullList(forLag: true) }
        guard let first = updates.first?.generation, first <= sent + 1 else { return .fullList(forLag: false) }
        return .updates(updates[Int(sent + 1 - first)...])
    }
}
