extension BatchUpdateValidator {
    /// What a batch update does to every section, read from its section lists alone: the fate of
    /// each old section, the role of each new position, and which old section ends up where.
    ///
    /// Indexes out of range are ignored (rule 1 reports them); when an index is listed more than
    /// once the last listing wins (rule 2 reports it).
    @usableFromInline
    struct SectionPlan {
        @usableFromInline
        enum Fate: UInt8 { case kept, deleted, moved, reloaded }

        @usableFromInline
        enum Role: UInt8 { case filled, inserted, moveDestination }

        /// By old index.
        @usableFromInline var fates: [Fate]
        /// By new index: filled by a kept or reloaded section, inserted, or a move destination.
        @usableFromInline var roles: [Role]
        /// By new index: the old index of the section that ends up there, or -1 for an inserted
        /// section (and for a free position nothing fills, when the counts do not balance).
        @usableFromInline var sources: [Int]
        /// Whether the kept and reloaded sections fill the free new positions exactly, so that
        /// ``sources`` pairs every one of them with its new position.
        @usableFromInline var isBalanced: Bool

        @inlinable
        init(_ update: BatchUpdate, oldCount: Int, newCount: Int) {
            fates = Array(repeating: .kept, count: oldCount)
            roles = Array(repeating: .filled, count: newCount)
            sources = Array(repeating: -1, count: newCount)
            for index in update.sectionDeletes where 0 <= index && index < oldCount {
                fates[index] = .deleted
            }
            for index in update.sectionReloads where 0 <= index && index < oldCount {
                fates[index] = .reloaded
            }
            for index in update.sectionInserts where 0 <= index && index < newCount {
                roles[index] = .inserted
            }
            for move in update.sectionMoves {
                let validSource = 0 <= move.from && move.from < oldCount
                if validSource { fates[move.from] = .moved }
                if 0 <= move.to && move.to < newCount {
                    roles[move.to] = .moveDestination
                    sources[move.to] = validSource ? move.from : -1
                }
            }
            // Kept and reloaded sections fill the free new positions in order.
            var filler = 0
            var freeCount = 0
            for index in 0..<newCount where roles[index] == .filled {
                freeCount += 1
                while filler < oldCount, !Self.fills(fates[filler]) { filler += 1 }
                guard filler < oldCount else { continue }
                sources[index] = filler
                filler += 1
            }
            isBalanced = freeCount == fates.lazy.filter(Self.fills).count
        }

        @inlinable
        static func fills(_ fate: Fate) -> Bool { fate == .kept || fate == .reloaded }

        /// The operation that replaces the old section at `index`, if it is deleted or reloaded.
        @inlinable
        func replacement(ofOld index: Int) -> BatchUpdateError.Operation? {
            switch fates[index] {
            case .deleted: .sectionDelete
            case .reloaded: .sectionReload
            case .kept, .moved: nil
            }
        }

        /// The operation that replaces the new section at `index`, if it is inserted or (when the
        /// counts balance) the new position of a reloaded section.
        @inlinable
        func replacement(ofNew index: Int) -> BatchUpdateError.Operation? {
            switch roles[index] {
            case .inserted: .sectionInsert
            case .filled where isBalanced && fates[sources[index]] == .reloaded: .sectionReload
            case .filled, .moveDestination: nil
            }
        }

        /// The old index of the section that survives at new index `index`: `nil` if the section
        /// there is inserted or reloaded.
        @inlinable
        func survivingSource(ofNew index: Int) -> Int? {
            let source = sources[index]
            guard source >= 0 else { return nil }
            return fates[source] == .kept || fates[source] == .moved ? source : nil
        }
    }
}
