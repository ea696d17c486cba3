#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the buckets of a flat table, every byte set to 0xFF. On Linux, the 2 MB-aligned
/// stretches of a table of several megabytes are offered to the kernel for transparent huge
/// pages: a hash table is read at random, and with 4 KB pages most probes of a large one would
/// also miss the TLB. (No memory is added for alignment; the stretches at the ends keep small
/// pages.)
@usableFromInline
func allocateTableMemory(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
    #if canImport(Glibc)
    let hugePage = 2 << 20
    if byteCount >= 4 * hugePage {
        let start = (Int(bitPattern: memory) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: memory) + byteCount) & ~(hugePage - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
    }
    #endif
    #if canImport(Glibc) || canImport(Darwin)
    memset(memory, 0xFF, byteCount)
    #else
    for offset in 0..<byteCount { memory.storeBytes(of: 0xFF, toByteOffset: offset, as: UInt8.self) }
    #endif
    return memory
}
