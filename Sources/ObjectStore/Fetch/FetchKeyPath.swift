/// A key of `Root` named in a fetch request, by Swift key path or by a dotted string
/// (`propertiesToFetch`, `relationshipKeyPathsForPrefetching`).
///
/// ```swift
/// request.propertiesToFetch = ["title", "sport.name", FetchKeyPath(\.start)]
/// ```
///
/// In ``FetchRequest/propertiesToFetch`` it may also stand for a computed column, an
/// ``ExpressionDescription`` (`.count(\.title, as: "n")`, `.sum("stake", as: "total")`).
public struct FetchKeyPath<Root: ManagedObject>: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    let reference: KeyReference
    /// The computed column this stands for, if any (``reference`` then names it).
    let computed: ComputedColumn<Root>?

    /// The key at `keyPath` (through to-one relationships: `\Event.sport?.name`).
    public init(_ keyPath: PartialKeyPath<Root>) {
        reference = .keyPaths([SendableKeyPath(keyPath)], count: false)
        computed = nil
    }

    /// The key named `name` (dotted through relationships: `"sport.name"`).
    public init(_ name: String) {
        reference = .name(name)
        computed = nil
    }

    /// The key named by a string literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The computed column `description` (in ``FetchRequest/propertiesToFetch``).
    public init(_ description: ExpressionDescription<Root>) {
        reference = .name(description.name)
        computed = .expression(description)
    }

    /// The dotted name, or the key path; for a computed column, its expression and name
    /// (`count:(title) AS n`).
    public var description: String {
        guard case .expression(let expression)? = computed else { return reference.description }
        return "\(expression.expression) AS \(expression.name)"
    }
}
