/// The memory that snapshots and diffs keep for reuse across the process.
///
/// The index tables of large snapshots and the working memory of large diffs come from recycled
/// blocks: when one is freed, its memory is kept for the next of about its size (at most eight
/// blocks of at least 256 KB, 64 MB in all), so that a list whose snapshot is rebuilt and diffed
/// on every change fills warm memory instead of faulting in fresh pages. That memory stays with
/// the process until a table or diff takes it again, or until ``releaseCachedMemory()`` frees it.
///
/// ```swift
/// // The large list is gone, and no snapshot of its size is coming back soon.
/// let freed = SnapshotMemory.releaseCachedMemory()
/// ```
public enum SnapshotMemory {
    /// Frees the memory kept for reuse by the tables of snapshots and the working memory of
    /// diffs, and returns how many bytes that was.
    ///
    /// Call it when the system warns that memory is low, or once a large list is gone and no
    /// snapshot of its size is expected soon. Only memory that nothing holds any more is freed:
    /// snapshots, their indexes and diffs under way keep theirs. The next large snapshot or diff
    /// then takes fresh memory from the system, and the pool fills again as they are freed.
    ///
    /// Safe to call from any thread, also while other threads build or diff snapshots.
    ///
    /// - Returns: How many bytes were freed.
    @discardableResult
    public static func releaseCachedMemory() -> Int {
        TableMemoryPool.shared.releaseAll()
    }
}
