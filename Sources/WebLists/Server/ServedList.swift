/// One list a server serves: where its page and WebSocket are, the page's title, and the pages'
/// hub of its view.
struct ServedList: Sendable {
    /// The page's path, normalised to start with `/` and not end with one (`""` for the root).
    var path: String
    var title: String
    var hub: PageHub

    /// The path of the list's WebSocket.
    var socketPath: String { path + "/socket" }

    /// `path` with a leading `/` and no trailing one; `""` for the root.
    static func normalised(_ path: String) -> String {
        let trimmed = path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return trimmed.isEmpty ? "" : "/" + trimmed
    }
}
