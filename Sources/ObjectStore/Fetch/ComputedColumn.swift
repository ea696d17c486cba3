/// What a ``FetchKeyPath`` computes instead of reading a key (held indirectly: an expression
/// holds key paths itself).
indirect enum ComputedColumn<Root: ManagedObject>: Sendable, Hashable {
    /// An aggregate expression.
    case expression(ExpressionDescription<Root>)
}
