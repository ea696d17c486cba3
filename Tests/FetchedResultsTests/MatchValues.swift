import ObjectStore

/// The values of a match a list shows, as one context sees them.
struct MatchValues: Equatable {
    var title: String
    var group: String
    var score: Int
    var isLive: Bool
    var note: String?
    var sport: ObjectID?
    /// Read for section names, not compared: a sport's rename is not a change of its matches.
    var sportName: String?
    var objectID: ObjectID
    var serverID: Int

    static func == (lhs: MatchValues, rhs: MatchValues) -> Bool {
        (lhs.title, lhs.group, lhs.score, lhs.isLive, lhs.note, lhs.sport) == (rhs.title, rhs.group, rhs.score, rhs.isLive, rhs.note, rhs.sport)
    }

    init(_ match: Match) {
        title = match.title
        group = match.group
        score = match.score
        isLive = match.isLive
        note = match.note
        sport = match.sport?.objectID
        sportName = match.sport?.name
        objectID = match.objectID
        serverID = match.serverID
    }
}
