extension FetchKeyPath {
    /// The expression this stands for in ``FetchRequest/propertiesToFetch``, or nil for a key.
    public var expressionDescription: ExpressionDescription<Root>? {
        guard case .expression(let expression)? = computed else { return nil }
        return expression
    }

    /// The computed column `description`.
    public static func expression(_ description: ExpressionDescription<Root>) -> FetchKeyPath { FetchKeyPath(description) }
    /// The number of objects, named `name` (``FetchExpression/count()``).
    public static func count(as name: String) -> FetchKeyPath { FetchKeyPath(.count(as: name)) }
    /// The number of objects whose `key` is not nil, named `name`.
    public static func count(_ key: FetchKeyPath, as name: String) -> FetchKeyPath { FetchKeyPath(.count(key, as: name)) }
    /// The number of objects whose value at `keyPath` is not nil, named `name`.
    public static func count(_ keyPath: PartialKeyPath<Root>, as name: String) -> FetchKeyPath { FetchKeyPath(.count(keyPath, as: name)) }
    /// The sum of the values of `key`, named `name`.
    public static func sum(_ key: FetchKeyPath, as name: String) -> FetchKeyPath { FetchKeyPath(.sum(key, as: name)) }
    /// The sum of the values at `keyPath`, named `name`.
    public static func sum(_ keyPath: PartialKeyPath<Root>, as name: String) -> FetchKeyPath { FetchKeyPath(.sum(keyPath, as: name)) }
    /// The least value of `key`, named `name`.
    public static func min(_ key: FetchKeyPath, as name: String) -> FetchKeyPath { FetchKeyPath(.min(key, as: name)) }
    /// The least value at `keyPath`, named `name`.
    public static func min(_ keyPath: PartialKeyPath<Root>, as name: String) -> FetchKeyPath { FetchKeyPath(.min(keyPath, as: name)) }
    /// The greatest value of `key`, named `name`.
    public static func max(_ key: FetchKeyPath, as name: String) -> FetchKeyPath { FetchKeyPath(.max(key, as: name)) }
    /// The greatest value at `keyPath`, named `name`.
    public static func max(_ keyPath: PartialKeyPath<Root>, as name: String) -> FetchKeyPath { FetchKeyPath(.max(keyPath, as: name)) }
    /// The mean of the values of `key`, named `name`.
    public static func average(_ key: FetchKeyPath, as name: String) -> FetchKeyPath { FetchKeyPath(.average(key, as: name)) }
    /// The mean of the values at `keyPath`, named `name`.
    public static func average(_ keyPath: PartialKeyPath<Root>, as name: String) -> FetchKeyPath { FetchKeyPath(.average(keyPath, as: name)) }
}
