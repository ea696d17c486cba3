/// Why a ``WebListServer`` cannot start.
public enum WebListServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A resource of the page (its HTML, script or stylesheet) is missing from the package's
    /// resources.
    case missingResource(String)
    /// Two lists were served at the same path.
    case duplicatePath(String)

    /// What went wrong, where, and what to do.
    public var description: String {
        switch self {
        case .missingResource(let name):
            "The web page resource \(name) is missing from the WebLists bundle; build the package with SwiftPM so that its resources are copied."
        case .duplicatePath(let path):
            "Two lists are served at the path \"\(path.isEmpty ? "/" : path)\"; give each list served by one WebListServer a path of its own."
        }
    }
}
