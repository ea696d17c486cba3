package import ObjectStore

/// The rows of the home screen: a banner by its id, and objects by their `ObjectID` (cells
/// resolve the object from it), one case per slot so that a match can be both featured and
/// listed with its sport.
package enum HomeItem: Hashable, Sendable {
    case banner(id: String)
    case sport(ObjectID)
    case featured(ObjectID)
    case standard(ObjectID)
    case live(ObjectID)

    /// The match the row shows, if it shows one.
    package var matchID: ObjectID? {
        switch self {
        case .featured(let id), .standard(let id), .live(let id): id
        case .banner, .sport: nil
        }
    }
}
