/// The working memory of one diff: columns of plain data carved one after another out of a few
/// large blocks, all given back together when the diff ends.
///
/// A diff of two large snapshots that share nothing keeps about 14 bytes per item of working
/// columns (old offsets, matched flags, fates). Swift arrays of that size come from fresh pages on
/// every diff (the allocator gives large blocks back to the system when they are freed), and
/// faulting those pages in cost more than filling them. The blocks here come from the recycled
/// table memory (see ``TableMemoryPool``), so a list that diffs on every change reuses warm
/// memory.
///
/// Columns are uninitialized; the diff writes each element before it reads it.
@usableFromInline
final class DiffScratch {
    @usableFromInline var blocks: [(memory: UnsafeMutableRawPointer, byteCount: Int)] = []
    /// The free part of the newest block.
    @usableFromInline var next: UnsafeMutableRawPointer?
    @usableFromInline var end: UnsafeMutableRawPointer?

    /// Columns are aligned for any element of up to 16 bytes.
    @inlinable static var alignment: Int { 16 }
    /// Columns smaller than this come from small blocks of the allocator's own; larger ones from
    /// recycled blocks of a power of two bytes (so that one diff's blocks fit the next one's).
    @inlinable static var largeColumn: Int { 64 << 10 }

    @inlinable
    init() {}

    @inlinable
    deinit {
        for block in blocks { deallocateRecycledMemory(block.memory, byteCount: block.byteCount, alignment: Self.alignment) }
    }

    /// An uninitialized column of `count` elements, valid until the diff ends.
    @inlinable
    func column<Element: BitwiseCopyable>(of _: Element.Type, count: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: memory(for: Element.self, count: count), count: count)
    }

    /// Uninitialized memory for `count` values of any type, valid until the diff ends. The caller
    /// deinitializes what it initializes before then.
    @inlinable
    func memory<Element>(for _: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
        let alignment = MemoryLayout<Element>.alignment
        // Wider alignments (rare) are met by padding the column.
        let padding = alignment > Self.alignment ? alignment : 0
        let raw = carve(byteCount: roundedUp(max(count, 1) &* MemoryLayout<Element>.stride &+ padding, to: Self.alignment))
        let start = padding == 0 ? raw : raw.alignedUp(toMultipleOf: alignment)
        return start.bindMemory(to: Element.self, capacity: count)
    }

    @inlinable
    func carve(byteCount: Int) -> UnsafeMutableRawPointer {
        if let start = next, let limit = end, limit - start >= byteCount {
            next = start + byteCount
            return start
        }
        var size = byteCount < Self.largeColumn ? max(byteCount, 16 << 10) : 256 << 10
        while size < byteCount { size <<= 1 }
        let block = allocateRecycledMemory(byteCount: size, alignment: Self.alignment)
        blocks.append(block)
        next = block.memory + byteCount
        end = block.memory + block.byteCount
        return block.memory
    }

    /// A column of `count` copies of `value`.
    @inlinable
    func column<Element: BitwiseCopyable>(repeating value: Element, count: Int) -> UnsafeMutableBufferPointer<Element> {
        let column = column(of: Element.self, count: count)
        column.initialize(repeating: value)
        return column
    }
}
