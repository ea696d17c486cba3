package import Foundation

/// A promotional banner of the home screen's first slot: not in the database, decoded from a
/// JSON file shipped with the demo.
package struct Banner: Hashable, Sendable, Codable, Identifiable {
    package var id: String
    package var title: String
    package var detail: String

    package init(id: String, title: String, detail: String) {
        self.id = id
        self.title = title
        self.detail = detail
    }

    /// The banners of a JSON array of `{"id", "title", "detail"}` objects.
    ///
    /// - Throws: ``ScoreboardError/unreadableBanners(path:reason:)`` when the data is not such
    ///   an array, or two banners share an id.
    package static func decodeList(_ data: Data, path: String) throws(ScoreboardError) -> [Banner] {
        let banners: [Banner]
        do {
            banners = try JSONDecoder().decode([Banner].self, from: data)
        } catch {
            throw .unreadableBanners(path: path, reason: "\(error)")
        }
        var seen = Set<String>()
        for banner in banners where !seen.insert(banner.id).inserted {
            throw .unreadableBanners(path: path, reason: "two banners have the id \"\(banner.id)\"")
        }
        return banners
    }
}
