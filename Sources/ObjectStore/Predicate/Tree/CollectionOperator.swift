/// A collection operator over the members of a to-many relationship, written between the
/// relationship and a member's key: `bets.@sum.stake`, `players.@avg.score`,
/// `events.@max.start`.
///
/// Members whose value is nil are left out. Over no values, `@sum` is 0 and the others are nil.
package enum CollectionOperator: String, Sendable, Hashable, CaseIterable {
    /// `@sum`: the total, as a floating-point number (0 for no values).
    case sum
    /// `@avg`: the mean, as a floating-point number (nil for no values).
    case average = "avg"
    /// `@min`: the smallest value (nil for no values).
    case minimum = "min"
    /// `@max`: the largest value (nil for no values).
    case maximum = "max"

    /// How a key path writes it: `@sum`, `@avg`, `@min`, `@max`.
    var keyComponent: String {
        "@" + rawValue
    }

    /// The operator a key path component (`@sum`, case-insensitive) names, or nil.
    init?(keyComponent: String) {
        guard keyComponent.hasPrefix("@"), let found = Self(rawValue: keyComponent.dropFirst().lowercased()) else { return nil }
        self = found
    }
}
