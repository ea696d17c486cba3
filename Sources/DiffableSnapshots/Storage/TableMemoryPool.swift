import DiffableSupport

/// The few most recently freed blocks of large flat tables, kept for the next tables of about
/// their size.
///
/// The system allocator returns blocks of megabytes to the kernel as soon as they are freed, and
/// hands out fresh pages for the next: every 4 KB of a new table then costs a page fault, which
/// for a table of 100,000 items takes longer than filling it. Snapshots of a live list are built
/// and dropped over and over at about the same size, so the pool keeps up to
/// ``maximumBlocks`` blocks of at least ``minimumByteCount`` bytes, ``maximumByteCount`` in all,
/// and gives one out when a table asks for no more than it holds and at least four fifths of it.
/// The oldest block goes first when room is needed, and
/// ``SnapshotMemory/releaseCachedMemory()`` frees them all.
final class TableMemoryPool: @unchecked Sendable {
    static let shared = TableMemoryPool()

    static let minimumByteCount = 256 << 10
    static let maximumByteCount = 64 << 20
    static let maximumBlocks = 8

    private struct Block {
        var memory: UnsafeMutableRawPointer
        var byteCount: Int
        var alignment: Int
    }

    // Guarded by `lock`.
    private var blocks: [Block] = []
    private var heldBytes = 0
    private let lock = RawLock()

    /// The process's pool is ``shared``; tests make pools of their own.
    init() {}

    /// A kept block of at least `byteCount` bytes (and at most a quarter more), removed from the
    /// pool, or `nil`.
    func take(byteCount: Int, alignment: Int) -> (memory: UnsafeMutableRawPointer, byteCount: Int)? {
        guard RawLock.isAvailable, byteCount >= Self.minimumByteCount else { return nil }
        return lock.withLock {
            guard let found = blocks.lastIndex(where: {
                $0.byteCount >= byteCount && $0.byteCount - byteCount <= byteCount / 4 && $0.alignment >= alignment
            }) else { return nil }
            let block = blocks.remove(at: found)
            heldBytes -= block.byteCount
            return (block.memory, block.byteCount)
        }
    }

    /// Keeps a freed block if it is large enough and there is room; returns whether it was kept
    /// (otherwise the caller frees it).
    func keep(_ memory: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) -> Bool {
        guard RawLock.isAvailable, byteCount >= Self.minimumByteCount, byteCount <= Self.maximumByteCount else { return false }
        var evicted: [Block] = []
        lock.withLock {
            blocks.append(Block(memory: memory, byteCount: byteCount, alignment: alignment))
            heldBytes += byteCount
            while blocks.count > Self.maximumBlocks || heldBytes > Self.maximumByteCount {
                let oldest = blocks.removeFirst()
                heldBytes -= oldest.byteCount
                evicted.append(oldest)
            }
        }
        for block in evicted { block.memory.deallocate() }
        return true
    }

    /// How many bytes the kept blocks hold.
    var heldByteCount: Int {
        lock.withLock { heldBytes }
    }

    /// Whether the block at `memory` is kept.
    func holds(_ memory: UnsafeMutableRawPointer) -> Bool {
        lock.withLock { blocks.contains { $0.memory == memory } }
    }

    /// Frees every kept block; returns how many bytes they held.
    func releaseAll() -> Int {
        let (released, bytes) = lock.withLock {
            let all = (blocks, heldBytes)
            blocks = []
            heldBytes = 0
            return all
        }
        for block in released { block.memory.deallocate() }
        return bytes
    }
}
