package import GRDB
import GRDBSQLite

/// The reads in-memory evaluation makes through a context (its ``ObjectReader`` conformance):
/// related objects, member counts, the members' rows, and conditions the store answers alone.
/// None of them registers members in the context, and all of them see the context's unsaved
/// changes (and its ancestors').
extension ManagedObjectContext: ObjectReader {
    /// The values the context shows for an object (faulted in if needed), or nil when the object
    /// has no row or is deleted here.
    package func values(entity: Int, key: Int64) -> ContiguousArray<DatabaseValue>? {
        let object = registeredOrFault(entity: entity, key: key)
        if object.state.contains(.fault) { loadFaultNotingFailure(object) }
        guard object.state.isDisjoint(with: [.missing, .deleted, .invalid]) else { return nil }
        return object.values
    }

    /// Whether neither this context nor its ancestors hold unsaved changes to objects of
    /// `entities` (nor, when `links` is true, to many-to-many links), so that the store's rows
    /// are what this context sees for them, and the store answers the SQLite queries of
    /// ``storeAnswer(_:arguments:)`` (other stores are read row by row instead).
    ///
    /// - Complexity: O(p) for the p objects of `entities` with unsaved changes, in each context up
    ///   to the root.
    package func storeIsCurrent(for entities: Set<Int>, links: Bool) -> Bool {
        guard core.store.dialect == .sqlite else { return false }
        if links && !unsaved.links.isEmpty { return false }
        if entities.contains(where: { unsaved.objects.containsObjects(ofEntity: $0) }) { return false }
        guard let parent else { return true }
        return parent.performAndWait { parent.storeIsCurrent(for: entities, links: links) }
    }

    /// Runs a query of one integer (a count, or a condition's 1 or 0) on the store.
    package func storeAnswer(_ sql: String, arguments: [DatabaseValue]) throws(ObjectStoreError) -> Int64 {
        try core.store.integerAnswer(sql, arguments: arguments, mark: storeMark)
    }

    /// The number of members of the to-many `relationship` of the object with key `ownerKey`,
    /// as this context sees them: one `COUNT` query when the store is current for the members,
    /// else their keys.
    package func memberCount(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> Int {
        if storeIsCurrent(for: [relationship.destinationIndex], links: relationship.isManyToMany) {
            let (text, arguments) = PredicateSQLWriter.countQuery(relationship, ownerKey: ownerKey)
            return Int(try storeAnswer(text, arguments: arguments))
        }
        if relationship.isManyToMany {
            return try linkedMemberKeys(ofKey: ownerKey, relationship: relationship).count
        }
        return try resolvedRows(memberQuery(ofKey: ownerKey, relationship: relationship), selection: .ids).count
    }

    /// The rows of the members of the to-many `relationship` of the object with key `ownerKey`,
    /// as this context sees them (loaded objects' current values, unsaved members included,
    /// deleted ones left out), without registering them.
    package func memberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow] {
        let destination = relationship.destination
        var rows: [StoreRow]
        if relationship.isManyToMany {
            rows = []
            var missing: [Int64] = []
            for key in try linkedMemberKeys(ofKey: ownerKey, relationship: relationship) {
                if let object = registered[objectID(entity: destination.index, key: key)], !object.state.contains(.fault) {
                    rows.append(StoreRow(key: key, version: object.version, values: object.values))
                } else {
                    missing.append(key)
                }
            }
            if !missing.isEmpty { rows += try parentRows(entity: destination, keys: missing) }
        } else {
            rows = try resolvedRows(memberQuery(ofKey: ownerKey, relationship: relationship), selection: .rows)
        }
        for index in rows.indices {
            if let object = registered[objectID(entity: destination.index, key: rows[index].key)], !object.state.contains(.fault) {
                rows[index].values = object.values
            }
        }
        return rows
    }

    /// The query for the members of a one-to-many relationship: their inverse key is the owner's.
    private func memberQuery(ofKey ownerKey: Int64, relationship: RelationshipDescription) -> StoreQuery {
        guard let inverseName = relationship.inverseName, let inverseColumn = relationship.destination.column(named: inverseName) else {
            preconditionFailure("The to-many relationship \(relationship.name) has no inverse to-one relationship.")
        }
        var query = StoreQuery(entity: relationship.destination)
        query.filters = [ColumnEquality(column: inverseColumn, value: ownerKey.databaseValue, entity: relationship.destination)]
        return query
    }

    /// The rows of the members of the to-many `relationship` of the object with key `ownerKey`
    /// as the store holds them, with the committed values of the members this context has loaded
    /// (a root context's committed view).
    func storeMemberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow] {
        let destination = relationship.destination
        var rows: [StoreRow]
        if relationship.isManyToMany {
            guard let join = relationship.join else { return [] }
            let keys = try core.store.linkedKeys(join: join, ownKeys: [ownerKey], mark: storeMark)[ownerKey] ?? []
            rows = try core.store.rows(entity: destination, keys: keys, mark: storeMark)
        } else {
            rows = []
            try core.store.forEachRow(memberQuery(ofKey: ownerKey, relationship: relationship), mark: storeMark) { rows.append($0) }
        }
        for index in rows.indices {
            if let object = registered[objectID(entity: destination.index, key: rows[index].key)], !object.state.contains(.fault) {
                rows[index].values = object.committedValues
            }
        }
        return rows
    }

    /// The keys linked to the object with key `ownerKey` through the many-to-many `relationship`,
    /// as this context sees them: its parent's (or the store's) links with this context's unsaved
    /// links laid over them, and objects deleted here left out.
    private func linkedMemberKeys(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [Int64] {
        guard let join = relationship.join, let inverseName = relationship.inverseName,
              let inverse = relationship.destination.relationship(named: inverseName),
              let owner = ownerSide(of: relationship, in: inverse.destination) else {
            preconditionFailure("The many-to-many relationship \(relationship.name) has no inverse.")
        }
        var keys: Set<Int64>
        if let parent {
            keys = Set(try readingParent(parent) { () throws(ObjectStoreError) -> [Int64] in
                try parent.linkedMemberKeys(ofKey: ownerKey, relationship: relationship)
            })
        } else {
            keys = Set(try core.store.linkedKeys(join: join, ownKeys: [ownerKey], mark: storeMark)[ownerKey] ?? [])
        }
        for (link, added) in unsaved.links where link.entity == owner.entity.index && link.relationship == owner.index {
            let (own, other) = join.isOwner ? (link.source, link.target) : (link.target, link.source)
            guard own == ownerKey else { continue }
            if added { keys.insert(other) } else { keys.remove(other) }
        }
        let destination = relationship.destination.index
        return keys.filter { key in
            guard let object = registered[objectID(entity: destination, key: key)] else { return true }
            return !object.state.contains(.deleted)
        }.sorted()
    }
}
