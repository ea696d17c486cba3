/// One key of a fetch request's order: an attribute (possibly through to-one relationships), a
/// direction and, for strings, a comparator.
///
/// ```swift
/// request.sortDescriptors = [
///     FetchSortDescriptor(\.sport?.name, comparator: .localizedStandard),
///     FetchSortDescriptor(\.start, ascending: false),
///     FetchSortDescriptor("title"),
/// ]
/// ```
///
/// nil sorts first in ascending order (last in descending order), as in Core Data; objects that
/// tie on every key are ordered by ``ObjectID/key``, so every order is total. The store sorts with
/// collations that run the same comparison as in-memory ordering, so both orders are identical.
///
/// Named apart from Foundation's `SortDescriptor` so that both can be imported together.
public struct FetchSortDescriptor<Root: ManagedObject>: Sendable, Hashable, CustomStringConvertible {
    let key: KeyReference
    /// Whether values sort from smallest to largest (nil first).
    public var ascending: Bool
    /// How strings compare.
    public var comparator: FetchSortComparator

    /// Orders by the attribute at `keyPath` (`\Event.start`, `\Event.sport?.name`).
    public init<Value: AttributeValue>(_ keyPath: KeyPath<Root, Value>, ascending: Bool = true) {
        self.key = .keyPaths([SendableKeyPath(keyPath)], count: false)
        self.ascending = ascending
        self.comparator = .default
    }

    /// Orders by the string attribute at `keyPath` with a comparator.
    public init<Value: TextAttributeValue>(_ keyPath: KeyPath<Root, Value>, ascending: Bool = true, comparator: FetchSortComparator) {
        self.key = .keyPaths([SendableKeyPath(keyPath)], count: false)
        self.ascending = ascending
        self.comparator = comparator
    }

    /// Orders by a key named as in format strings (`"start"`, `"sport.name"`); checked when the
    /// request runs (``FetchPredicateError/unknownKey(entity:key:)``).
    public init(_ key: String, ascending: Bool = true, comparator: FetchSortComparator = .default) {
        self.key = .name(key)
        self.ascending = ascending
        self.comparator = comparator
    }

    /// The key, direction and comparator, as `"sport.name ascending localizedStandard"`.
    public var description: String {
        "\(key) \(ascending ? "ascending" : "descending")" + (comparator == .default ? "" : " \(comparator)")
    }

    /// The same key and comparator in the other direction.
    public var reversed: FetchSortDescriptor {
        var copy = self
        copy.ascending.toggle()
        return copy
    }

    /// The descriptor as an `ORDER BY` term for `entity`.
    ///
    /// - Throws: ``FetchPredicateError`` when the key is unknown, is a to-many relationship, or the
    ///   comparator does not apply to its type.
    package func order(for entity: EntityDescription) throws(FetchPredicateError) -> StoreQuery.Order {
        guard let names = key.names(on: entity) else { throw .unknownKey(entity: entity.name, key: key.description) }
        let name = names.joined(separator: ".")
        let resolved = try ResolvedKey(names, from: entity, key: name, root: entity)
        switch resolved.end {
        case .attribute, .toOne: break
        case .toMany, .count: throw .typeMismatch(entity: entity.name, key: name, reason: "cannot sort by a to-many relationship; sort by an attribute or a to-one key path")
        }
        let column = resolved.column
        guard let collation = SortCollation.forSorting(comparator, type: column.type) else {
            throw .typeMismatch(entity: entity.name, key: name, reason: "the \(comparator) comparator applies to strings only")
        }
        return StoreQuery.Order(column: column.index, ascending: ascending, hops: resolved.hops, collation: collation)
    }
}
