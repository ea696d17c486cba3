import GRDB
import ObjectStore

/// Every object of a context, with the members of each to-many relationship, read once and held
/// in memory: in-memory evaluation over it reads no store and runs no SQL (the context's own
/// reader answers to-many conditions with SQLite queries when its store is current).
final class InMemoryObjectReader: ObjectReader {
    private var rows: [Int: [Int64: ContiguousArray<DatabaseValue>]] = [:]
    /// Members by owner entity, relationship name and owner key.
    private var members: [String: [Int64: [StoreRow]]] = [:]

    /// Reads every object registered in `context` (none of them unsaved) and their members.
    @MainActor
    init(_ context: ManagedObjectContext) throws {
        for object in context.registeredObjects {
            let entity = object.entity, key = object.objectID.key
            rows[entity.index, default: [:]][key] = context.values(entity: entity.index, key: key)
            for relationship in entity.relationships where relationship.isToMany {
                members[Self.name(relationship, of: entity), default: [:]][key] = try context.memberRows(ofKey: key, relationship: relationship)
            }
        }
    }

    /// The object of `entity` with `key`, to evaluate with this reader.
    func object(_ entity: EntityDescription, key: Int64) -> ManagedObjectValues {
        ManagedObjectValues(entity: entity, values: rows[entity.index]?[key] ?? [], key: key, reader: self)
    }

    func values(entity: Int, key: Int64) -> ContiguousArray<DatabaseValue>? {
        rows[entity]?[key]
    }

    func storeIsCurrent(for entities: Set<Int>, links: Bool) -> Bool {
        false
    }

    func storeAnswer(_ sql: String, arguments: [DatabaseValue]) throws(ObjectStoreError) -> Int64 {
        preconditionFailure("An in-memory reader answers no SQL.")
    }

    func memberCount(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> Int {
        try memberRows(ofKey: ownerKey, relationship: relationship).count
    }

    func memberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow] {
        guard let inverse = relationship.inverse else { return [] }
        return members[Self.name(relationship, of: inverse.destination)]?[ownerKey] ?? []
    }

    private static func name(_ relationship: RelationshipDescription, of owner: EntityDescription) -> String {
        "\(owner.name).\(relationship.name)"
    }
}
