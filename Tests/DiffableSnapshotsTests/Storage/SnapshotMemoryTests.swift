@testable import DiffableSnapshots
import Testing

/// The memory that large tables and diffs keep for reuse, and the public call that frees it.
@Suite("Snapshot memory")
struct SnapshotMemoryTests {
    /// Large enough for the pool to keep, small enough to be one of several.
    private static let blockSize = 1 << 20

    @Test("releasing the cached memory frees the blocks the pool kept")
    func releasingFreesTheKeptBlocks() {
        let block = allocateRecycledMemory(byteCount: Self.blockSize, alignment: 16)
        deallocateRecycledMemory(block.memory, byteCount: block.byteCount, alignment: 16)
        // Other tests may take the block, or keep blocks of their own, at any time: only that
        // this one is gone afterwards holds whatever they do.
        SnapshotMemory.releaseCachedMemory()
        #expect(!TableMemoryPool.shared.holds(block.memory))
    }

    @Test("releasing every block leaves the pool empty and reports the bytes it held")
    func releasingEmptiesThePool() {
        let pool = TableMemoryPool()
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<3 {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
            #expect(pool.keep(memory, byteCount: Self.blockSize, alignment: 16))
            blocks.append(memory)
        }
        #expect(pool.heldByteCount == 3 * Self.blockSize)
        #expect(pool.releaseAll() == 3 * Self.blockSize)
        #expect(pool.heldByteCount == 0)
        for memory in blocks { #expect(!pool.holds(memory)) }
        #expect(pool.take(byteCount: Self.blockSize, alignment: 16) == nil)
    }
}
