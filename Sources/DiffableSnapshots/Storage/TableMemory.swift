#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Uninitialized memory of at least `byteCount` bytes for a flat table or scratch space; the
/// byte count actually given (a recycled block may be a little larger) comes back with it.
/// Give it back with ``deallocateRecycledMemory(_:byteCount:alignment:)``.
///
/// A large block that was given back is taken again when its size fits (see
/// ``TableMemoryPool``): a list that rebuilds its snapshot on every change then fills warm
/// memory instead of faulting in fresh pages, which costs more than the fill itself.
///
/// On Linux, the 2 MB-aligned stretches of a new block of several megabytes are offered to the
/// kernel for transparent huge pages: a hash table is read at random, and with 4 KB pages most
/// probes of a large one would also miss the TLB. (No memory is added for alignment; the
/// stretches at the ends keep small pages.)
@usableFromInline
func allocateRecycledMemory(byteCount: Int, alignment: Int) -> (memory: UnsafeMutableRawPointer, byteCount: Int) {
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

/// Gives back memory that ``allocateRecycledMemory(byteCount:alignment:)`` gave, `byteCount`
/// bytes as it gave them: it is kept for reuse when the pool has room, freed otherwise.
@usableFromInline
func deallocateRecycledMemory(_ memory: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) {
    guard !TableMemoryPool.shared.keep(memory, byteCount: byteCount, alignment: alignment) else { return }
    memory.deallocate()
}
