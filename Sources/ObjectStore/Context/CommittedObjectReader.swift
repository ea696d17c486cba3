import GRDB

/// Reads objects as a context's parent (or the store) holds them: the committed values of what
/// the context has loaded, the parent's view of the rest. In-memory evaluation uses it for fetch
/// requests that leave out pending changes.
struct CommittedObjectReader: ObjectReader {
    let context: ManagedObjectContext

    func values(entity: Int, key: Int64) -> ContiguousArray<DatabaseValue>? {
        let object = context.registeredOrFault(entity: entity, key: key)
        if object.state.contains(.fault) { context.loadFaultNotingFailure(object) }
        guard object.state.isDisjoint(with: [.inserted, .missing, .goneFromParent]) else { return nil }
        return object.committedValues
    }

    /// Whether the store answers the SQLite queries of ``storeAnswer(_:arguments:)`` for
    /// `entities`: a root context's committed values are the store's rows, but only the SQLite
    /// store runs those queries (other stores are read row by row instead).
    func storeIsCurrent(for entities: Set<Int>, links: Bool) -> Bool {
        guard context.core.store.dialect == .sqlite else { return false }
        guard let parent = context.parent else { return true }
        return parent.performAndWait { parent.storeIsCurrent(for: entities, links: links) }
    }

    func storeAnswer(_ sql: String, arguments: [DatabaseValue]) throws(ObjectStoreError) -> Int64 {
        try context.storeAnswer(sql, arguments: arguments)
    }

    func memberCount(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> Int {
        if let parent = context.parent {
            return try context.readingParent(parent) { () throws(ObjectStoreError) -> Int in
                try parent.memberCount(ofKey: ownerKey, relationship: relationship)
            }
        }
        guard context.core.store.dialect == .sqlite else {
            return try context.storeMemberRows(ofKey: ownerKey, relationship: relationship).count
        }
        let (text, arguments) = PredicateSQLWriter.countQuery(relationship, ownerKey: ownerKey)
        return Int(try context.storeAnswer(text, arguments: arguments))
    }

    func memberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow] {
        if let parent = context.parent {
            return try context.readingParent(parent) { () throws(ObjectStoreError) -> [StoreRow] in
                try parent.memberRows(ofKey: ownerKey, relationship: relationship)
            }
        }
        return try context.storeMemberRows(ofKey: ownerKey, relationship: relationship)
    }
}
