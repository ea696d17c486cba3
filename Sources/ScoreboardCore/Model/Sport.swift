package import ObjectStore

/// A sport the feed plays matches of; the sports picker lists them by rank.
package final class Sport: ManagedObject {
    @Attribute(.unique) package var name = ""
    @Attribute package var rank = 0
    /// Removing a sport removes its matches.
    @Relationship(deleteRule: .cascade, inverse: \Match.sport) package var matches: Set<Match>
}
