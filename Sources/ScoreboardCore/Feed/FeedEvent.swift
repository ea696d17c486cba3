/// What one step of the live feed did, in a line a person reads.
package struct FeedEvent: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of change the feed makes.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case score, odds, kickOff, finish, removeFinished, newMatch, feature, sportArrives, sportLeaves
    }

    package var kind: Kind
    package var text: String

    package var description: String { text }
}
