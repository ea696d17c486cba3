/// Which pages may open a list's WebSocket: those of the server's own origin and of the origins
/// the configuration names.
///
/// Browsers send the origin of the page that opens a WebSocket, an `http` or `https` one (or
/// `null` for a sandboxed or local page), so no other site's page can reach the list. Origins of
/// other schemes are not page origins: they come from programs that are no browser, as does a
/// request with no `Origin`, and are let through.
struct OriginPolicy: Sendable {
    var allowedOrigins: Set<String>

    /// Whether a WebSocket request with the `Origin` values `origins`, sent to `host` (its
    /// `Host`), may connect.
    func allows(origins: [String], host: String?) -> Bool {
        origins.allSatisfy { allows(origin: $0, host: host) }
    }

    private func allows(origin: String, host: String?) -> Bool {
        if allowedOrigins.contains(origin) { return true }
        if origin == "null" { return false }
        guard origin.hasPrefix("http://") || origin.hasPrefix("https://") else { return true }
        guard let host else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
