package import ObjectStore

/// The demo's model: sports, their matches, and the mark of a store the demo made.
package enum ScoreboardModel {
    package static let model = ManagedObjectModel([Sport.self, Match.self, ScoreboardMark.self])
}
