package import ObjectStore

/// The entity the crash-test writer saves and the crash-safety test reads back: batches of 1 to
/// 5 rows (batch `b` has `b % 5 + 1`), so a torn save shows as a partial batch.
package final class CrashTestEntry: ManagedObject {
    @Attribute package var batch = 0
    @Attribute package var position = 0
    @Attribute package var payload = ""

    /// The model of the crash test's store.
    package static let model = ManagedObjectModel([CrashTestEntry.self])
}
