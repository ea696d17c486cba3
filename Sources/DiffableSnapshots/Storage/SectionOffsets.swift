/// The number of items before each section, by section position: a Fenwick tree over the
/// sections' item counts.
///
/// Reading a section's first index and changing a section's count are O(log *s*) for *s*
/// sections; rebuilding after sections are inserted, deleted or moved is O(*s*).
@usableFromInline
struct SectionOffsets: Sendable {
    /// `sums[i]` (1-based) is the sum of the counts of positions `i - (i & -i)` to `i - 1`.
    @usableFromInline var sums: [Int]
    /// The number of items in all sections.
    @usableFromInline var total: Int

    @inlinable
    init() {
        sums = [0]
        total = 0
    }

    /// Offsets for sections of `counts` items, by position. O(*s*).
    @inlinable
    init(counts: some Collection<Int>) {
        var sums = [0] + counts
        var total = 0
        for count in counts { total &+= count }
        for index in 1..<sums.count {
            let parent = index &+ (index & -index)
            if parent < sums.count { sums[parent] &+= sums[index] }
        }
        self.sums = sums
        self.total = total
    }

    /// The number of items in the sections before `position`.
    @inlinable
    func start(of position: Int) -> Int {
        var sum = 0
        var index = position
        while index > 0 {
            sum &+= sums[index]
            index &-= index & -index
        }
        return sum
    }

    /// Adds a section of `count` items after the last one. O(log *s*).
    @inlinable
    mutating func append(_ count: Int) {
        let index = sums.count
        sums.append(count &+ start(of: index &- 1) &- start(of: index &- (index & -index)))
        total &+= count
    }

    /// Adds `delta` to the count of the section at `position`.
    @inlinable
    mutating func add(_ delta: Int, at position: Int) {
        total &+= delta
        var index = position &+ 1
        while index < sums.count {
            sums[index] &+= delta
            index &+= index & -index
        }
    }
}
