/// A key of `Root` named in a fetch request, by Swift key path or by a dotted string
/// (`propertiesToFetch`, `relationshipKeyPathsForPrefetching`).
///
/// ```swift
/// request.propertiesToFetch = ["title", "sport.name", FetchKeyPath(\.start)]
/// ```
public struct FetchKeyPath<Root: ManagedObject>: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    let reference: KeyReference

    /// The key at `keyPath` (through to-one relationships: `\Event.sport?.name`).
    public init(_ keyPath: PartialKeyPath<Root>) {
        reference = .keyPaths([SendableKeyPath(keyPath)], count: false)
    }

    /// The key named `name` (dotted through relationships: `"sport.name"`).
    public init(_ name: String) {
        reference = .name(name)
    }

    /// The key named by a string literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The dotted name, or the key path.
    public var description: String {
        reference.description
    }
}
