import GRDB
import ObjectStore

extension PostgreSQLObjectStore {
    /// Why PostgreSQL refuses text that SQLite stores.
    private static let nulReason = "the text holds a NUL character (U+0000), which PostgreSQL text cannot hold"

    /// Checks that PostgreSQL can hold every text `batch` writes: its `text` columns cannot hold
    /// the NUL character (U+0000), which SQLite stores. Run before the commit's transaction
    /// begins, so that nothing is written and no generation is taken.
    ///
    /// - Throws: ``ObjectStore/ObjectStoreError/unstorableValue(_:entity:attribute:path:reason:)``
    ///   naming the first object, and its attribute, whose text holds a NUL.
    func checkTextIsStorable(_ batch: CommitBatch) throws(ObjectStoreError) {
        let writes = batch.inserts.lazy.map { ($0.entity, $0.key, $0.values, Array($0.values.indices)) }
            + batch.updates.lazy.map { ($0.entity, $0.key, $0.values, $0.changedColumns) }
        for (entity, key, values, columns) in writes {
            guard let column = columns.first(where: { Self.holdsNUL(values[$0]) }) else { continue }
            throw .unstorableValue(objectID(entity, key), entity: entity.name, attribute: entity.columnNames[column], path: name, reason: Self.nulReason)
        }
    }

    /// Checks that PostgreSQL can hold every text a batch insert or update on `entity` sets:
    /// each of `rows` lists the columns it sets with their values.
    ///
    /// - Throws: ``ObjectStore/ObjectStoreError/invalidBatchRequest(entity:reason:)`` naming the
    ///   attribute (and, of several rows, the row) whose text holds a NUL, before anything is
    ///   written.
    func checkTextIsStorable(in rows: [[(column: Int, value: DatabaseValue)]], of entity: EntityDescription) throws(ObjectStoreError) {
        for (index, row) in rows.enumerated() {
            guard let column = row.first(where: { Self.holdsNUL($0.value) })?.column else { continue }
            let subject = rows.count > 1 ? "the row at index \(index)" : "it"
            throw .invalidBatchRequest(entity: entity.name, reason: "\(subject) sets '\(entity.columnNames[column])' to text PostgreSQL cannot hold: \(Self.nulReason)")
        }
    }

    private static func holdsNUL(_ value: DatabaseValue) -> Bool {
        guard case .string(let text) = value.storage else { return false }
        return text.utf8.contains(0)
    }
}
