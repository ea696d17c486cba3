extension BatchUpdateValidator {
    /// The item operations of a batch update grouped by section, for the count and identity
    /// checks. Built only once rules 1 to 3 hold: every path is in range and named once.
    @usableFromInline
    struct ItemPlan {
        /// Old paths that leave their position (deletes and move sources), sorted.
        @usableFromInline var removed: [ItemPath]
        /// `removed[removedStarts[s]..<removedStarts[s + 1]]` lie in old section `s`.
        @usableFromInline var removedStarts: [Int]
        /// Old paths of reloaded items, sorted.
        @usableFromInline var reloaded: [ItemPath]
        @usableFromInline var reloadedStarts: [Int]
        /// New paths that are taken (inserts and move destinations), sorted.
        @usableFromInline var added: [ItemPath]
        @usableFromInline var addedStarts: [Int]
        /// By old section.
        @usableFromInline var deletedCounts: [Int]
        /// By new section.
        @usableFromInline var insertedCounts: [Int]

        /// - Complexity: O(*u* log *u* + *s*) for *u* item operations and *s* sections.
        @inlinable
        init(_ update: BatchUpdate, oldCount: Int, newCount: Int) {
            (removed, removedStarts) = Self.grouped(update.itemDeletes + update.itemMoves.lazy.map(\.from), oldCount)
            (reloaded, reloadedStarts) = Self.grouped(update.itemReloads, oldCount)
            (added, addedStarts) = Self.grouped(update.itemInserts + update.itemMoves.lazy.map(\.to), newCount)
            deletedCounts = Self.counts(update.itemDeletes, oldCount)
            insertedCounts = Self.counts(update.itemInserts, newCount)
        }

        @inlinable
        static func grouped(_ paths: [ItemPath], _ sectionCount: Int) -> ([ItemPath], [Int]) {
            var starts = counts(paths, sectionCount + 1, offset: 1)
            for section in 0..<sectionCount { starts[section + 1] += starts[section] }
            return (paths.sorted(), starts)
        }

        @inlinable
        static func counts(_ paths: [ItemPath], _ sectionCount: Int, offset: Int = 0) -> [Int] {
            var counts = Array(repeating: 0, count: sectionCount)
            for path in paths { counts[path.section + offset] += 1 }
            return counts
        }

        @inlinable
        func removedCount(inOld section: Int) -> Int { removedStarts[section + 1] - removedStarts[section] }

        @inlinable
        func addedCount(inNew section: Int) -> Int { addedStarts[section + 1] - addedStarts[section] }
    }
}
