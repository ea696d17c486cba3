/// What an ``ExpressionDescription`` computes for each group: a function over the values of a
/// key (Core Data's `NSExpression(forFunction: "sum:", arguments: [NSExpression(forKeyPath:)])`).
///
/// ```swift
/// let total = FetchExpression<Event>.sum(\.attendance)
/// let named = FetchExpression<Event>.count("sport.name")
/// ```
public struct FetchExpression<Entity: ManagedObject>: Sendable, Hashable, CustomStringConvertible {
    /// The function.
    public var function: AggregateFunction
    /// The key it reads: an attribute, or a to-one relationship (for `count` and through
    /// to-one relationships, `"sport.name"`); nil for the objects themselves (``count()``).
    public var key: FetchKeyPath<Entity>?

    /// `function` over the values of `key`; `key` nil stands for the objects themselves, which
    /// only `count` takes.
    public init(_ function: AggregateFunction, of key: FetchKeyPath<Entity>?) {
        self.function = function
        self.key = key
    }

    /// The number of objects, whatever their values (Core Data's `count:` over the evaluated
    /// object; SQL's `count(*)`).
    public static func count() -> FetchExpression { FetchExpression(.count, of: nil) }

    /// The number of objects whose `key` is not nil.
    public static func count(_ key: FetchKeyPath<Entity>) -> FetchExpression { FetchExpression(.count, of: key) }
    /// The number of objects whose value at `keyPath` is not nil.
    public static func count(_ keyPath: PartialKeyPath<Entity>) -> FetchExpression { FetchExpression(.count, of: FetchKeyPath(keyPath)) }
    /// The sum of the values of `key`.
    public static func sum(_ key: FetchKeyPath<Entity>) -> FetchExpression { FetchExpression(.sum, of: key) }
    /// The sum of the values at `keyPath`.
    public static func sum(_ keyPath: PartialKeyPath<Entity>) -> FetchExpression { FetchExpression(.sum, of: FetchKeyPath(keyPath)) }
    /// The least value of `key`.
    public static func min(_ key: FetchKeyPath<Entity>) -> FetchExpression { FetchExpression(.min, of: key) }
    /// The least value at `keyPath`.
    public static func min(_ keyPath: PartialKeyPath<Entity>) -> FetchExpression { FetchExpression(.min, of: FetchKeyPath(keyPath)) }
    /// The greatest value of `key`.
    public static func max(_ key: FetchKeyPath<Entity>) -> FetchExpression { FetchExpression(.max, of: key) }
    /// The greatest value at `keyPath`.
    public static func max(_ keyPath: PartialKeyPath<Entity>) -> FetchExpression { FetchExpression(.max, of: FetchKeyPath(keyPath)) }
    /// The mean of the values of `key`.
    public static func average(_ key: FetchKeyPath<Entity>) -> FetchExpression { FetchExpression(.average, of: key) }
    /// The mean of the values at `keyPath`.
    public static func average(_ keyPath: PartialKeyPath<Entity>) -> FetchExpression { FetchExpression(.average, of: FetchKeyPath(keyPath)) }

    /// `sum:(stake)`, as Core Data writes function expressions (`count:(SELF)` for ``count()``).
    public var description: String { "\(function.rawValue):(\(key.map { "\($0)" } ?? "SELF"))" }
}
