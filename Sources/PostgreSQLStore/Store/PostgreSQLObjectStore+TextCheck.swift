import GRDB
import ObjectStore

extension PostgreSQLObjectStore {
    /// Checks that PostgreSQL can hold every text `batch` writes: its `text` columns cannot hold
    /// the NUL character (U+0000), which SQLite stores. Run before the commit's transaction
    /// begins, so that nothing is written and no generation is taken.
    ///
    /// - Throws: ``ObjectStore/ObjectStoreError/unstorableValue(_:entity:attribute:path:reason:)``
    ///   naming the first object, and its attribute, whose text holds a NUL.
    func checkTextIsStorable(_ batch: CommitBatch) throws(ObjectStoreError) {
        for insert in batch.inserts {
            try checkTextIsStorable(insert.values, columns: insert.values.indices, entity: insert.entity, key: insert.key)
        }
        for update in batch.updates {
            try checkTextIsStorable(update.values, columns: update.changedColumns, entity: update.entity, key: update.key)
        }
    }

    private func checkTextIsStorable(
        _ values: ContiguousArray<DatabaseValue>, columns: some Sequence<Int>, entity: EntityDescription, key: Int64
    ) throws(ObjectStoreError) {
        for column in columns {
            guard case .string(let text) = values[column].storage, text.utf8.contains(0) else { continue }
            throw .unstorableValue(
                objectID(entity, key), entity: entity.name, attribute: entity.columnNames[column], path: name,
                reason: "the text holds a NUL character (U+0000), which PostgreSQL text cannot hold")
        }
    }
}
