/// Which pages may open a list's WebSocket: those of the server's own origin and of the origins
/// the configuration names. A request without an `Origin` comes from no browser page and is let
/// through; browsers always send one, so no other site's page can reach the list.
struct OriginPolicy: Sendable {
    var allowedOrigins: Set<String>

    /// Whether a WebSocket request with `origin`, sent to `host` (its `Host` header), may
    /// connect.
    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        if allowedOrigins.contains(origin) { return true }
        guard let host else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
