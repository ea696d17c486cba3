package import Foundation
package import ObjectStore

/// A match between two teams of a sport, with its score, its odds and its status.
package final class Match: ManagedObject {
    /// A number the feed gives each match, shown as `#code`; unique and never reused.
    @Attribute(.unique) package var code = 0
    @Attribute package var home = ""
    @Attribute package var away = ""
    @Attribute package var homeScore = 0
    @Attribute package var awayScore = 0
    /// Decimal odds of a home win, a draw and an away win.
    @Attribute package var homeOdds = 2.0
    @Attribute package var drawOdds = 3.0
    @Attribute package var awayOdds = 2.0
    /// ``MatchStatus`` raw value: predicates compare it as a number.
    @Attribute(.indexed) package var statusCode = 0
    @Attribute package var isFeatured = false
    @Attribute(.indexed) package var start = Date(timeIntervalSinceReferenceDate: 0)
    @Relationship package var sport: Sport?

    package var status: MatchStatus {
        get { MatchStatus(rawValue: statusCode) ?? .upcoming }
        set { statusCode = newValue.rawValue }
    }
}
