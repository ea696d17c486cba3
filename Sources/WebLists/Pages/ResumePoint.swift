/// Where a page that comes back stands: the run of the list it was shown (``PageHub/epoch``) and
/// the generation it holds.
struct ResumePoint: Hashable, Sendable {
    var epoch: String
    var generation: UInt64
}
