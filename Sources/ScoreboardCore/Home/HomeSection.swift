/// The sections of the home screen, in the order of its slots: app-level identifiers, so that
/// one list holds sections of every source.
package enum HomeSection: Hashable, Sendable, CustomStringConvertible {
    case banners
    case sports
    case featured
    /// Matches not live (upcoming and finished) of one sport.
    case standard(sport: String)
    /// Live matches of one sport.
    case live(sport: String)
    /// Shown in place of the live sections while no match is live.
    case noLiveMatches

    /// The section's header text.
    package var description: String {
        switch self {
        case .banners: "Banners"
        case .sports: "Sports"
        case .featured: "Featured"
        case .standard(let sport): sport
        case .live(let sport): "Live: \(sport)"
        case .noLiveMatches: "Live: no match right now"
        }
    }
}
