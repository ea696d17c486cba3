/// How many messages a page may still send: a bucket of `perSecond` tokens, refilled at
/// `perSecond` a second, one token a message.
struct MessageRate: Sendable {
    let perSecond: Int
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(perSecond: Int, now: ContinuousClock.Instant = .now) {
        self.perSecond = max(1, perSecond)
        tokens = Double(self.perSecond)
        last = now
    }

    /// Takes a token for a message arriving `now`; `false` when the page sends too fast.
    mutating func admit(at now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(Double(perSecond), tokens + seconds * Double(perSecond))
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
