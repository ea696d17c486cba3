/// An index over one or more properties, declared on an entity class.
///
/// ```swift
/// final class Event: ManagedObject {
///     @Attribute var day = 0
///     @Attribute var title = ""
///     override class var indexes: [CompoundIndex] {
///         [CompoundIndex(\Event.day, \Event.title), CompoundIndex(\Event.title, unique: true)]
///     }
/// }
/// ```
public struct CompoundIndex: Sendable {
    let keyPaths: [SendableKeyPath]
    /// Whether the combination of values must be unique.
    public let isUnique: Bool

    /// An index over the attributes or to-one relationships named by `keyPaths`, in order.
    public init<Root: ManagedObject>(_ keyPaths: PartialKeyPath<Root>..., unique: Bool = false) {
        self.keyPaths = keyPaths.map { SendableKeyPath($0) }
        self.isUnique = unique
    }
}

/// An index of the schema: its columns and whether it is unique.
public struct IndexDescription: Sendable, Hashable, Codable {
    /// The property (column) names, in index order.
    public let columns: [String]
    /// Whether the index enforces uniqueness.
    public let isUnique: Bool

    /// The SQLite index name, derived from the entity and columns so it is stable across runs.
    package func sqlName(entity: String) -> String {
        (isUnique ? "Z_UNIQUE_" : "Z_INDEX_") + entity + "_" + columns.joined(separator: "_")
    }
}
