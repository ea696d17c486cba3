import Foundation
import GRDB
package import ObjectStore
import PostgresNIO

extension PostgreSQLObjectStore {
    /// Writes a save in one transaction, as ``ObjectStore/CommitWriting`` does for every store.
    ///
    /// The generation is raised last, in the statement that appends the commit's history
    /// transaction (with history tracking on), right before `COMMIT`: raising it takes the lock
    /// of `z_generation`'s row, which orders commits, so the lock is held for that statement and
    /// the commit rather than for every row's statement, and a transaction holding it never
    /// waits for a row another holds. A row written again after another context deleted it takes
    /// its version from the newest committed generation, read without the lock.
    package func commit(_ batch: CommitBatch, policy: MergePolicy, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> CommitOutcome {
        try write { connection in
            var outcome = try CommitWriting.write(
                batch, policy: policy, generation: { try Self.generation(on: connection) + 1 }, writer: PostgreSQLRowWriter(connection: connection),
                store: name, objectID: objectID)
            if tracksHistory {
                let changes = try HistoryChangeCoding.encode(batch, outcome: outcome, entityBindings: entityBindings)
                outcome.generation = try advanceGeneration(appending: changes, stamp: batch.stamp, on: connection)
            } else {
                outcome.generation = try advanceGeneration(on: connection)
            }
            generationReserved(outcome.generation)
            return outcome
        }
    }

    /// Raises the store generation by one and appends the commit's history transaction under
    /// it, in one statement that also queues the notification (``advanceGeneration(on:)``);
    /// returns the generation.
    func advanceGeneration(appending changes: [UInt8], stamp: HistoryStamp, on connection: PostgreSQLConnection) throws -> Int64 {
        let statement = PostgreSQLValues.query("""
            WITH raised AS (UPDATE z_generation SET z_value = z_value + 1 WHERE z_one = 1 RETURNING z_value) \
            INSERT INTO z_history_transaction (z_pk, z_timestamp, z_author, z_contextname, z_processid, z_changes) \
            SELECT z_value, ?::double precision, ?::text, ?::text, ?::bigint, ?::bytea FROM raised \
            RETURNING z_pk, pg_notify(?::text, z_pk::text) IS NULL
            """, [
                Date().timeIntervalSince1970.databaseValue, stamp.author.databaseValue, stamp.contextName.databaseValue,
                Int64(HistoryStamp.processIdentifier).databaseValue, Data(changes).databaseValue, notificationChannel.databaseValue,
            ])
        guard let row = try connection.query(statement).first else {
            throw PostgreSQLStoreError.unreadableResult(reason: "the generation row of z_generation is missing")
        }
        return try row.decode((Int64, Bool).self).0
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
}
