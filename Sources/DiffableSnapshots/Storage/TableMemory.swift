#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the buckets of a flat table, every byte set to 0xFF. On Linux, a table of several
/// megabytes is aligned to 2 MB and offered to the kernel for transparent huge pages: a hash
/// table is read at random, and with 4 KB pages most probes of a large one would also miss the
/// TLB.
@usableFromInline
func allocateTableMemory(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    var memory: UnsafeMutableRawPointer
    #if canImport(Glibc)
    let hugePage = 2 << 20
    if byteCount >= 2 * hugePage {
        let size = (byteCount + hugePage - 1) & ~(hugePage - 1)
        memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: hugePage)
        _ = madvise(memory, size, MADV_HUGEPAGE)
    } else {
        memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
    }
    #else
    memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
    #endif
    #if canImport(Glibc) || canImport(Darwin)
    memset(memory, 0xFF, byteCount)
    #else
    for offset in 0..<byteCount { memory.storeBytes(of: 0xFF, toByteOffset: offset, as: UInt8.self) }
    #endif
    return memory
}
