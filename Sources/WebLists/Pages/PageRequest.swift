import Foundation

/// What a page may send: a request for the full list, after it saw a gap in the generations.
/// Anything else is malformed and closes the page's connection.
enum PageRequest: Equatable, Sendable {
    case resync

    /// The request `text` holds, or `nil` when it is malformed.
    init?(_ text: String) {
        struct Message: Decodable { var t: String }
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else { return nil }
        switch message.t {
        case "resync": self = .resync
        default: return nil
        }
    }
}
