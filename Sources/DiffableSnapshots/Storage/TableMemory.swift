#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the buckets of a flat table, every byte set to 0xFF, at least `byteCount` bytes;
/// the byte count actually given (a recycled block may be a little larger) comes back with it.
///
/// A block of a table that was freed is taken again when its size fits (see
/// ``TableMemoryPool``): a list that rebuilds its snapshot on every change then fills warm
/// memory instead of faulting in fresh pages, which costs more than the fill itself.
///
/// On Linux, the 2 MB-aligned stretches of a new table of several megabytes are offered to the
/// kernel for transparent huge pages: a hash table is read at random, and with 4 KB pages most
/// probes of a large one would also miss the TLB. (No memory is added for alignment; the
/// stretches at the ends keep small pages.)
@usableFromInline
func allocateTableMemory(byteCount: Int, alignment: Int) -> (memory: UnsafeMutableRawPointer, byteCount: Int) {
    let block = allocateUnfilledTableMemory(byteCount: byteCount, alignment: alignment)
    markEmpty(block.memory, byteCount: block.byteCount)
    return block
}

/// ``allocateTableMemory(byteCount:alignment:)`` without the fill: the caller marks every byte
/// empty (``markEmpty(_:byteCount:)``) before it reads any.
@usableFromInline
func allocateUnfilledTableMemory(byteCount: Int, alignment: Int) -> (memory: UnsafeMutableRawPointer, byteCount: Int) {
    TableMemoryPool.shared.take(byteCount: byteCount, alignment: alignment) ?? {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
        #if canImport(Glibc)
        let hugePage = 2 << 20
        if byteCount >= 4 * hugePage {
            let start = (Int(bitPattern: memory) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: memory) + byteCount) & ~(hugePage - 1)
            if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        }
        #endif
        return (memory, byteCount)
    }()
}

/// Sets `byteCount` bytes from `memory` to 0xFF, which marks buckets empty.
@usableFromInline
func markEmpty(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
    #if canImport(Glibc) || canImport(Darwin)
    memset(memory, 0xFF, byteCount)
    #else
    memory.initializeMemory(as: UInt8.self, repeating: 0xFF, count: byteCount)
    #endif
}

/// Scratch memory of at least `byteCount` bytes, uninitialized, recycled like a table's; given
/// back with ``deallocateTableMemory(_:byteCount:alignment:)``.
@usableFromInline
func allocateScratchMemory(byteCount: Int, alignment: Int) -> (memory: UnsafeMutableRawPointer, byteCount: Int) {
    TableMemoryPool.shared.take(byteCount: byteCount, alignment: alignment)
        ?? (UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment), byteCount)
}

/// Gives back memory that ``allocateTableMemory(byteCount:alignment:)``,
/// ``allocateUnfilledTableMemory(byteCount:alignment:)`` or
/// ``allocateScratchMemory(byteCount:alignment:)`` gave, `byteCount` bytes as they gave them:
/// it is kept for reuse when the pool has room, freed otherwise.
@usableFromInline
func deallocateTableMemory(_ memory: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) {
    guard !TableMemoryPool.shared.keep(memory, byteCount: byteCount, alignment: alignment) else { return }
    memory.deallocate()
}

/// Releases the table memory kept for reuse. Memory measurements call it first, so that what
/// they see is what a table costs, not what an earlier one left behind.
///
/// - Returns: How many bytes were released.
@discardableResult
package func releaseRecycledTableMemory() -> Int {
    TableMemoryPool.shared.releaseAll()
}
