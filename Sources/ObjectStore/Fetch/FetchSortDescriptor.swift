/// One key of a fetch request's order: an attribute (or to-one key) and a direction.
///
/// Named apart from Foundation's `SortDescriptor` so that both can be imported together.
public struct FetchSortDescriptor<Root: ManagedObject>: Sendable {
    let keyPath: SendableKeyPath
    /// Whether values sort from smallest to largest (nil first).
    public var ascending: Bool

    /// Orders by the attribute at `keyPath`.
    public init<Value: AttributeValue>(_ keyPath: KeyPath<Root, Value>, ascending: Bool = true) {
        self.keyPath = SendableKeyPath(keyPath)
        self.ascending = ascending
    }
}
