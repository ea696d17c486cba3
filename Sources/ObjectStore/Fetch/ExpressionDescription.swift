/// A computed column of a dictionary fetch: a name, a ``FetchExpression`` and the type of its
/// value (Core Data's `NSExpressionDescription`).
///
/// Put it in ``FetchRequest/propertiesToFetch`` beside keys; with
/// ``FetchRequest/propertiesToGroupBy`` it is computed once per group:
///
/// ```swift
/// var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
/// request.resultType = .dictionaries
/// request.propertiesToFetch = ["sport.name", .count(\.title, as: "n")]
/// request.propertiesToGroupBy = ["sport.name"]
/// ```
public struct ExpressionDescription<Entity: ManagedObject>: Sendable, Hashable {
    /// The key of the value in each result dictionary, and the name a
    /// ``FetchRequest/havingPredicate`` compares.
    public var name: String
    /// What is computed.
    public var expression: FetchExpression<Entity>
    /// The type the value is given as: `.integer` (`Int`) or `.double` (`Double`); nil for the
    /// function's own type (`count` an `Int`, `sum` the key's numeric type, `average` a
    /// `Double`, `min` and `max` the key's type).
    public var resultType: AttributeType?

    /// A named expression, with the type of its value.
    public init(name: String, expression: FetchExpression<Entity>, resultType: AttributeType? = nil) {
        self.name = name
        self.expression = expression
        self.resultType = resultType
    }
}

extension ExpressionDescription {
    /// The number of objects, named `name` (``FetchExpression/count()``).
    public static func count(as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .count()) }
    /// `count` of `key`, named `name`.
    public static func count(_ key: FetchKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .count(key)) }
    /// `count` of the values at `keyPath`, named `name`.
    public static func count(_ keyPath: PartialKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .count(keyPath)) }
    /// `sum` of `key`, named `name`.
    public static func sum(_ key: FetchKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .sum(key)) }
    /// `sum` of the values at `keyPath`, named `name`.
    public static func sum(_ keyPath: PartialKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .sum(keyPath)) }
    /// `min` of `key`, named `name`.
    public static func min(_ key: FetchKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .min(key)) }
    /// `min` of the values at `keyPath`, named `name`.
    public static func min(_ keyPath: PartialKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .min(keyPath)) }
    /// `max` of `key`, named `name`.
    public static func max(_ key: FetchKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .max(key)) }
    /// `max` of the values at `keyPath`, named `name`.
    public static func max(_ keyPath: PartialKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .max(keyPath)) }
    /// `average` of `key`, named `name`.
    public static func average(_ key: FetchKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .average(key)) }
    /// `average` of the values at `keyPath`, named `name`.
    public static func average(_ keyPath: PartialKeyPath<Entity>, as name: String) -> ExpressionDescription { ExpressionDescription(name: name, expression: .average(keyPath)) }
}
