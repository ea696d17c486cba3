/// Where a match is in its life: the feed moves each one from upcoming to live to finished.
package enum MatchStatus: Int, Hashable, Sendable, CaseIterable {
    case upcoming = 0
    case live = 1
    case finished = 2
}
