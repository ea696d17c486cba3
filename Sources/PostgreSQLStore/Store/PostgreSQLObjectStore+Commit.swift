import Foundation
import GRDB
package import ObjectStore
import PostgresNIO

extension PostgreSQLObjectStore {
    /// Writes a save in one transaction, as ``ObjectStore/CommitWriting`` does for every store;
    /// the transaction first raises the generation (taking the lock of `z_generation`'s row, so
    /// commits follow one another) and, with history tracking on, ends by appending the commit's
    /// history transaction. Text PostgreSQL cannot hold fails the save before the transaction
    /// begins (``checkTextIsStorable(_:)``).
    package func commit(_ batch: CommitBatch, policy: MergePolicy, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> CommitOutcome {
        try checkTextIsStorable(batch)
        return try write { connection in
            let generation = try advanceGeneration(on: connection)
            generationReserved(generation)
            let outcome = try CommitWriting.write(
                batch, policy: policy, generation: generation, writer: PostgreSQLRowWriter(connection: connection), store: name, objectID: objectID)
            if tracksHistory {
                let changes = try HistoryChangeCoding.encode(batch, outcome: outcome, entityBindings: entityBindings)
                try appendHistoryTransaction(changes, generation: generation, stamp: batch.stamp, on: connection)
            }
            return outcome
        }
    }

    /// Raises the store generation by one and returns it; the row stays locked until the
    /// transaction ends, so no other commit takes the next number before this one is visible.
    /// The same statement queues a notification on ``notificationChannel``, which the server
    /// delivers to the other hosts' watches when (and only if) the transaction commits.
    func advanceGeneration(on connection: PostgreSQLConnection) throws -> Int64 {
        let statement: PostgresQuery = """
            WITH raised AS (UPDATE z_generation SET z_value = z_value + 1 WHERE z_one = 1 RETURNING z_value)
            SELECT z_value, pg_notify(\(notificationChannel), z_value::text) IS NULL FROM raised
            """
        guard let row = try connection.query(statement).first else {
            throw PostgreSQLStoreError.unreadableResult(reason: "the generation row of z_generation is missing")
        }
        return try row.decode((Int64, Bool).self).0
    }

    /// Appends one history transaction of encoded `changes` inside the commit's transaction.
    func appendHistoryTransaction(_ changes: [UInt8], generation: Int64, stamp: HistoryStamp, on connection: PostgreSQLConnection) throws {
        try connection.query(PostgreSQLValues.query("""
            INSERT INTO z_history_transaction (z_pk, z_timestamp, z_author, z_contextname, z_processid, z_changes) \
            VALUES (?, ?, ?, ?, ?, ?)
            """, [
                generation.databaseValue, Date().timeIntervalSince1970.databaseValue, stamp.author.databaseValue, stamp.contextName.databaseValue,
                Int64(HistoryStamp.processIdentifier).databaseValue, Data(changes).databaseValue,
            ]))
    }
}
