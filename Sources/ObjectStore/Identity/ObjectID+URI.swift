public import Foundation

extension ObjectID {
    /// The URI that names this object: `x-coredata://<store-uuid>/<Entity>/p<key>`.
    ///
    /// Store it (in user defaults, a URL, another database) and turn it back into an ID with
    /// ``PersistentContainer/managedObjectID(forURIRepresentation:)``.
    public func uriRepresentation() -> URL {
        var components = URLComponents()
        components.scheme = "x-coredata"
        components.host = storeIdentifier.uuidString
        components.path = "/\(entity.name)/p\(key)"
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// Splits a URI into store identifier, entity name and key, or says why it cannot.
    static func parse(uri: URL) -> Result<(store: UUID, entity: String, key: Int64), ObjectStoreError> {
        let text = uri.absoluteString
        guard uri.scheme == "x-coredata" else {
            return .failure(.invalidURI(text, reason: "the scheme is not x-coredata"))
        }
        guard let host = uri.host, let store = UUID(uuidString: host) else {
            return .failure(.invalidURI(text, reason: "the host is not a store UUID"))
        }
        let parts = uri.path.split(separator: "/")
        guard parts.count == 2, parts[1].hasPrefix("p"), let key = Int64(parts[1].dropFirst()), key > 0 else {
            return .failure(.invalidURI(text, reason: "the path is not /<Entity>/p<key>"))
        }
        return .success((store, String(parts[0]), key))
    }
}
