package import GRDB

/// How in-memory evaluation reaches the objects a predicate, sort or projection reads beyond the
/// evaluated object's own values: through to-one relationships, and into the members of to-many
/// relationships.
///
/// A context reads objects as it shows them (its unsaved changes included); its committed
/// reader reads the values last saved to (or merged from) its parent or store. Evaluation knows
/// nothing else of contexts, so predicates, queries and contexts do not call one another in a
/// loop.
package protocol ObjectReader {
    /// The values of the object of entity `entity` (a model index) with key `key`, faulted in if
    /// needed; nil when the object does not exist for this reader (no row, deleted, or not saved
    /// yet when reading committed values), which evaluation reads as SQL reads a missing row.
    func values(entity: Int, key: Int64) -> ContiguousArray<DatabaseValue>?

    /// Whether the store's rows are what this reader sees for the objects of `entities` (and, when
    /// `links` is true, for many-to-many links), so that a query of the store can answer.
    func storeIsCurrent(for entities: Set<Int>, links: Bool) -> Bool

    /// Runs a query of one integer (a count, or a condition's 1 or 0) on the store.
    ///
    /// - Throws: the store's error when the query fails.
    func storeAnswer(_ sql: String, arguments: [DatabaseValue]) throws(ObjectStoreError) -> Int64

    /// The number of members of the to-many `relationship` of the object with key `ownerKey`.
    ///
    /// - Throws: the store's error when the members cannot be read.
    func memberCount(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> Int

    /// The rows of the members of the to-many `relationship` of the object with key `ownerKey`,
    /// with the values this reader sees, without registering them anywhere.
    ///
    /// - Throws: the store's error when the members cannot be read.
    func memberRows(ofKey ownerKey: Int64, relationship: RelationshipDescription) throws(ObjectStoreError) -> [StoreRow]
}
