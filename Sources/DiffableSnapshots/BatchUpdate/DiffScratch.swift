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
        precondition(MemoryLayout<Element>.alignment <= Self.alignment)
        let byteCount = roundedUp(max(count, 1) &* MemoryLayout<Element>.stride, to: Self.alignment)
        if let start = next, let limit = end, limit - start >= byteCount {
            next = start + byteCount
            return UnsafeMutableBufferPointer(start: start.bindMemory(to: Element.self, capacity: count), count: count)
        }
        var size = byteCount < Self.largeColumn ? max(byteCount, 16 << 10) : 256 << 10
        while size < byteCount { size <<= 1 }
        let block = allocateRecycledMemory(byteCount: size, alignment: Self.alignment)
        blocks.append(block)
        next = block.memory + byteCount
        end = block.memory + block.byteCount
        return UnsafeMutableBufferPointer(start: block.memory.bindMemory(to: Element.self, capacity: count), count: count)
    }

    /// A column of `count` copies of `value`.
    @inlinable
    func column<Element: BitwiseCopyable>(repeating value: Element, count: Int) -> UnsafeMutableBufferPointer<Element> {
        let column = column(of: Element.self, count: count)
        column.initialize(repeating: value)
        return column
    }
}
