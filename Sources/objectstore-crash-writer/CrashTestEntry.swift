import ObjectStore

/// The entity the writer saves and the crash-safety test reads back (it imports this module):
/// batches of 1 to 5 rows (batch `b` has `b % 5 + 1`), so a torn save shows as a partial batch.
final class CrashTestEntry: ManagedObject {
    @Attribute var batch = 0
    @Attribute var position = 0
    @Attribute var payload = ""

    /// The model of the crash test's store.
    static let model = ManagedObjectModel([CrashTestEntry.self])
}
