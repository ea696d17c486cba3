import GRDB
import ObjectStore

/// How a PostgreSQL read evaluates in memory what its SQL does not: related objects read from
/// the same transaction, by key, each once.
///
/// The filters and sort keys the server cannot compute exactly as Swift does (folded and
/// matched text, collations, to-many conditions) are evaluated by the same Swift code contexts
/// use, over the rows the server returned: results agree with in-memory evaluation by
/// construction.
final class PostgreSQLRowReader: ObjectReader {
    private let connection: PostgreSQLConnection
    private let model: ManagedObjectModel
    private let store: String
    private var rows: [Int: [Int64: ContiguousArray<DatabaseValue>?]] = [:]

    init(connection: PostgreSQLConnection, model: ManagedObjectModel, store: String) {
        self.connection = connection
        self.model = model
        self.store = store
    }

    /// The values of the object, read once; nil when it has no row (or the read fails, which
    /// evaluation reads as a missing row: the transaction's other statements report the error).
    func values(entity: Int, key: Int64) -> ContiguousArray<DatabaseValue>? {
        if let known = rows[entity]?[key] { return known }
        let row = try? PostgreSQLQueryText.rows(of: model.entities[entity], where: "t.Z_PK = ?", [key.databaseValue], on: connection).first
        rows[entity, default: [:]][key] = .some(row?.values)
        return row?.values
    }

    /// Never: every condition is evaluated from rows here.
    func storeIsCurrent(for entities: Set<Int>, links: Bool) -> Bool {
        false
    }

    func storeAnswer(_ sql: String, arguments: [DatabaseValue]) throws(ObjectStoreError) -> Int64 {
        throw .storeFailure(path: store, reason: "an SQLite query was asked of the PostgreSQL store")
    }

    func memberCount(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> Int {
        try memberRows(ofKey: ownerKey, relationship: relationship).count
    }

    func memberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow] {
        let condition: String
        if let join = relationship.join {
            condition = "t.Z_PK IN (SELECT \(join.otherColumn) FROM \(PostgreSQLIdentifier.quoted(join.name)) WHERE \(join.ownColumn) = ?)"
        } else if let inverse = relationship.inverseName {
            condition = "t.\(PostgreSQLIdentifier.quoted(inverse)) = ?"
        } else {
            return []
        }
        do {
            return try PostgreSQLQueryText.rows(of: relationship.destination, where: condition, [ownerKey.databaseValue], on: connection)
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw .storeFailure(path: store, reason: "\(error)")
        }
    }
}
