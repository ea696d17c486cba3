/// Where new items go in a section snapshot: the depth-first position of the first one, the level
/// they take, and the slot of their outline parent (`-1` for root items).
@usableFromInline
struct OutlinePlacement: Sendable {
    @usableFromInline var rank: Int
    @usableFromInline var level: Int32
    @usableFromInline var parent: Int32

    @inlinable
    init(rank: Int, level: Int32, parent: Int32) {
        self.rank = rank
        self.level = level
        self.parent = parent
    }
}
