import GRDB
import ObjectStore

/// How a PostgreSQL read evaluates in memory what its SQL does not: related objects read from
/// the same transaction, each once, a whole level of a path in one statement.
///
/// The filters and sort keys the server cannot compute exactly as Swift does (folded and
/// matched text, collations, to-many conditions) are evaluated by the same Swift code contexts
/// use, over the rows the server returned: results agree with in-memory evaluation by
/// construction. Before they are evaluated, ``prefetch(_:from:)`` reads what they will read
/// for all the rows at once (the clubs of every selected player in one statement, then their
/// regions in another); a read it did not foresee still reads that one object.
final class PostgreSQLRowReader: ObjectReader {
    private let connection: PostgreSQLConnection
    private let model: ManagedObjectModel
    private let store: String
    /// Rows by entity and key; nil for a key without a row.
    private var rows: [Int: [Int64: ContiguousArray<DatabaseValue>?]] = [:]
    /// Members by to-many relationship (``memberTable(_:)``) and owner key, in key order.
    private var members: [String: [Int64: [StoreRow]]] = [:]

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
        guard let table = Self.memberTable(relationship) else { return [] }
        if let known = members[table]?[ownerKey] { return known }
        do {
            try readMembers(of: [ownerKey], relationship: relationship, table: table)
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw .storeFailure(path: store, reason: "\(error)")
        }
        return members[table]?[ownerKey] ?? []
    }

    // MARK: Reading ahead

    /// Reads, for all of `selected` (rows of `entity`), the related objects and members that
    /// evaluating the paths will read: each step of a path is one statement (in runs of 500
    /// keys) for every object reached by the steps before it.
    ///
    /// - Parameter paths: relationship paths from `entity`, to-one and to-many steps mixed (the
    ///   relationships of a key path such as `club.region.title` or `medals.club.name`).
    func prefetch(_ paths: [[RelationshipDescription]], from selected: [StoreRow]) throws {
        for path in paths {
            var level = selected.map { ($0.key, $0.values) }
            for step in path where !level.isEmpty {
                level = step.isToMany ? try membersLevel(step, owners: level) : try relatedLevel(step, from: level)
            }
        }
    }

    /// The objects the to-one `step` reaches from `level`, read where not read before.
    private func relatedLevel(_ step: RelationshipDescription, from level: [(Int64, ContiguousArray<DatabaseValue>)]) throws -> [(Int64, ContiguousArray<DatabaseValue>)] {
        guard let column = step.column else { return [] }
        var keys: [Int64] = []
        var seen: Set<Int64> = []
        for (_, values) in level {
            guard column < values.count, case .int64(let key) = values[column].storage, seen.insert(key).inserted else { continue }
            keys.append(key)
        }
        let entity = step.destinationIndex
        let missing = keys.filter { rows[entity]?[$0] == nil }
        if !missing.isEmpty {
            var known = rows[entity, default: [:]]
            for key in missing { known[key] = .some(nil) }
            for chunk in PostgreSQLObjectStore.chunks(of: missing) {
                let condition = "t.Z_PK IN (\(Self.placeholders(chunk.count)))"
                for row in try PostgreSQLQueryText.rows(of: step.destination, where: condition, chunk.map(\.databaseValue), on: connection) {
                    known[row.key] = .some(row.values)
                }
            }
            rows[entity] = known
        }
        return keys.compactMap { key in
            guard case .some(.some(let values)) = rows[entity]?[key] else { return nil }
            return (key, values)
        }
    }

    /// The members the to-many `step` holds for every owner in `level`, read where not read
    /// before.
    private func membersLevel(_ step: RelationshipDescription, owners level: [(Int64, ContiguousArray<DatabaseValue>)]) throws -> [(Int64, ContiguousArray<DatabaseValue>)] {
        guard let table = Self.memberTable(step) else { return [] }
        var owners = Array(Set(level.map(\.0)))
        owners.sort()
        let missing = owners.filter { members[table]?[$0] == nil }
        if !missing.isEmpty { try readMembers(of: missing, relationship: step, table: table) }
        var seen: Set<Int64> = []
        var next: [(Int64, ContiguousArray<DatabaseValue>)] = []
        for owner in owners {
            for row in members[table]?[owner] ?? [] where seen.insert(row.key).inserted { next.append((row.key, row.values)) }
        }
        return next
    }

    /// Reads the members of `relationship` of every owner in `owners` (in runs of 500), records
    /// them (an owner without members gets none) and their rows.
    private func readMembers(of owners: [Int64], relationship: RelationshipDescription, table: String) throws {
        let destination = relationship.destination
        var found: [Int64: [StoreRow]] = [:]
        for chunk in PostgreSQLObjectStore.chunks(of: owners) {
            let text: String
            if let join = relationship.join {
                text = """
                    SELECT j.\(join.ownColumn), \(PostgreSQLQueryText.rowColumns(destination)) \
                    FROM \(PostgreSQLIdentifier.quoted(join.name)) AS j JOIN \(PostgreSQLIdentifier.quoted(destination.name)) AS t ON t.Z_PK = j.\(join.otherColumn) \
                    WHERE j.\(join.ownColumn) IN (\(Self.placeholders(chunk.count))) ORDER BY t.Z_PK
                    """
            } else if let inverse = relationship.inverseName {
                let column = "t.\(PostgreSQLIdentifier.quoted(inverse))"
                text = """
                    SELECT \(column), \(PostgreSQLQueryText.rowColumns(destination)) FROM \(PostgreSQLIdentifier.quoted(destination.name)) AS t \
                    WHERE \(column) IN (\(Self.placeholders(chunk.count))) ORDER BY t.Z_PK
                    """
            } else {
                continue
            }
            for row in try connection.query(PostgreSQLValues.query(text, chunk.map(\.databaseValue))) {
                let values = try PostgreSQLValues.values(of: row)
                guard let owner = Int64.fromDatabaseValue(values[0]) else { continue }
                found[owner, default: []].append(PostgreSQLQueryText.storeRow(values.dropFirst()))
            }
        }
        var known = members[table, default: [:]]
        var related = rows[relationship.destinationIndex, default: [:]]
        for owner in owners {
            let rowsOfOwner = found[owner] ?? []
            known[owner] = rowsOfOwner
            for row in rowsOfOwner { related[row.key] = .some(row.values) }
        }
        members[table] = known
        rows[relationship.destinationIndex] = related
    }

    /// What names the members of a to-many relationship whatever side it is read from: its
    /// join table, or the destination and the inverse's key column; nil without an inverse (no
    /// members can be read).
    private static func memberTable(_ relationship: RelationshipDescription) -> String? {
        if let join = relationship.join { return "\(join.name).\(join.ownColumn)" }
        guard let inverse = relationship.inverseName else { return nil }
        return "\(relationship.destinationIndex).\(inverse)"
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
