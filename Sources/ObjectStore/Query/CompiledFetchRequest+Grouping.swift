import GRDB

extension CompiledFetchRequest {
    /// Whether the first sort descriptor orders by ``sectionNameKeyPath`` itself, with a
    /// comparator that keeps distinct values apart (no case or diacritic folding), so that the
    /// objects of one section are adjacent in the results and sections follow that order. True
    /// without a section key path.
    package var firstSortGroupsBySection: Bool {
        guard let section else { return true }
        guard let first = query.orders.first else { return false }
        let sameKey = first.column == section.column && first.hops.map(\.name) == section.hops.map(\.name)
        return sameKey && (first.collation == .binary || first.collation == .string)
    }

    /// The dotted key path of the first sort descriptor, if any.
    package var firstSortKeyPath: String? {
        query.orders.first.map { $0.projection.keyPath(from: entity) }
    }

    /// The section value of an object from its sort key, when ``firstSortGroupsBySection`` holds:
    /// the first sort value is the section key path's stored value, unfolded. An attribute's Swift
    /// value, an ``ObjectID`` for a to-one relationship, nil for nil.
    package func sectionValue(ofSortKey key: FetchSortKey, in context: ManagedObjectContext) -> (any Sendable)? {
        guard let sectionEnd, let stored = key.values.first else { return nil }
        switch sectionEnd {
        case .attribute(let attribute):
            return attribute.decodedValue(stored)
        case .toOne(let relationship):
            guard case .int64(let key) = stored.storage else { return nil }
            return context.objectID(entity: relationship.destinationIndex, key: key)
        case .toMany, .count:
            return nil
        }
    }

    /// The stored column of the entity's own attribute at `keyPath`, or nil when `keyPath` names
    /// no stored attribute of the entity (a relationship, a path, a computed property).
    package func attributeColumn(of keyPath: AnyKeyPath) -> Int? {
        guard let names = entity.propertyNames(of: keyPath), names.count == 1, entity.attribute(named: names[0]) != nil else { return nil }
        return entity.column(named: names[0])
    }

    /// The entities (model indexes) the request reaches through relationships: a change to one
    /// of their objects can change the results of objects that did not change themselves. Holds
    /// ``entity`` when a path leads back to it.
    package var relatedEntityIndexes: Set<Int> {
        var result = query.relatedEntities
        for hop in section?.hops ?? [] { result.insert(hop.destinationIndex) }
        return result
    }

    /// Whether the request has a fetch limit or offset.
    package var isWindowed: Bool {
        query.limit != nil || query.offset > 0
    }

    /// Whether two sort keys have the same first sort value: with
    /// ``firstSortGroupsBySection``, whether their objects are in the same section.
    package func sameFirstSortValue(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> Bool {
        guard let left = lhs.values.first, let right = rhs.values.first else { return true }
        return left == right
    }

    /// Whether two sort keys hold the same sort values (whatever their objects).
    package func sameSortValues(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> Bool {
        query.compareSortKeys(lhs.values, rhs.values) == 0
    }
}
