/// Checks one ``BatchUpdate`` against two snapshots under the rules of <doc:BatchUpdateRules>.
///
/// The checks run in rule order and report each problem either by throwing it (the first one
/// ends the check) or by collecting it. Collecting stops early where later checks would only
/// repeat an earlier problem:
/// - rules 1 to 3 are all checked; if any is broken, nothing more is (counts and identities of
///   an update with stray or doubled indexes mean nothing);
/// - a wrong section count ends the check (surviving sections cannot be paired), and so do
///   wrong item counts (items cannot be paired);
/// - rules 5 and 6 are then all checked.
///
/// The check shares no logic with ``BatchUpdate/init(from:to:)``: it is the referee that the
/// diff and list views are checked with.
@usableFromInline
struct BatchUpdateValidator<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    @usableFromInline typealias Operation = BatchUpdateError.Operation

    @usableFromInline let update: BatchUpdate
    @usableFromInline let old: Snapshot
    @usableFromInline let new: Snapshot
    @usableFromInline let oldSections: [SectionIdentifierType]
    @usableFromInline let newSections: [SectionIdentifierType]
    @usableFromInline let oldItems: [[ItemIdentifierType]]
    @usableFromInline let newItems: [[ItemIdentifierType]]
    @usableFromInline let collectsEveryError: Bool
    @usableFromInline var errors: [BatchUpdateError] = []

    @inlinable
    init(_ update: BatchUpdate, from old: Snapshot, to new: Snapshot, collectsEveryError: Bool) {
        self.update = update
        self.old = old
        self.new = new
        oldSections = old.sectionIdentifiers
        newSections = new.sectionIdentifiers
        oldItems = oldSections.map { old.itemIdentifiers(inSection: $0) }
        newItems = newSections.map { new.itemIdentifiers(inSection: $0) }
        self.collectsEveryError = collectsEveryError
    }

    /// Throws `error` when checking for the first error, else records it.
    @inlinable
    mutating func report(_ error: BatchUpdateError) throws(BatchUpdateError) {
        guard collectsEveryError else { throw error }
        errors.append(error)
    }

    /// Runs every check in rule order.
    @inlinable
    mutating func run() throws(BatchUpdateError) {
        try checkRanges()
        try checkExclusivity()
        let sections = SectionPlan(update, oldCount: oldSections.count, newCount: newSections.count)
        try checkWholeSections(sections)
        guard errors.isEmpty else { return }

        try checkSectionCount()
        guard errors.isEmpty else { return }
        let items = ItemPlan(update, oldCount: oldSections.count, newCount: newSections.count)
        try checkItemCounts(sections, items)
        guard errors.isEmpty else { return }

        try checkSectionIdentities(sections)
        let reloadLandings = try checkItemIdentities(sections, items)
        try checkRefreshes(reloadLandings)
    }

    // MARK: Rule 1: ranges

    @inlinable
    mutating func checkRanges() throws(BatchUpdateError) {
        try checkRange(of: update.sectionDeletes, .sectionDelete)
        try checkRange(of: update.sectionInserts, .sectionInsert)
        try checkRange(of: update.sectionMoves.lazy.map(\.from), .sectionMoveSource)
        try checkRange(of: update.sectionMoves.lazy.map(\.to), .sectionMoveDestination)
        try checkRange(of: update.sectionReloads, .sectionReload)
        try checkRange(of: update.itemDeletes, .itemDelete)
        try checkRange(of: update.itemInserts, .itemInsert)
        try checkRange(of: update.itemMoves.lazy.map(\.from), .itemMoveSource)
        try checkRange(of: update.itemMoves.lazy.map(\.to), .itemMoveDestination)
        try checkRange(of: update.itemReloads, .itemReload)
        try checkRange(of: update.itemReconfigures, .itemReconfigure)
    }

    @inlinable
    mutating func checkRange(of indexes: some Sequence<Int>, _ operation: Operation) throws(BatchUpdateError) {
        let count = operation.addressesOldSnapshot ? oldSections.count : newSections.count
        for index in indexes where index < 0 || index >= count {
            try report(.sectionIndexOutOfRange(operation, index: index, numberOfSections: count))
        }
    }

    @inlinable
    mutating func checkRange(of paths: some Sequence<ItemPath>, _ operation: Operation) throws(BatchUpdateError) {
        let items = operation.addressesOldSnapshot ? oldItems : newItems
        for path in paths {
            if path.section < 0 || path.section >= items.count {
                try report(.itemSectionOutOfRange(operation, path: path, numberOfSections: items.count))
            } else if path.item < 0 || path.item >= items[path.section].count {
                try report(.itemIndexOutOfRange(operation, path: path, numberOfItems: items[path.section].count))
            }
        }
    }

    // MARK: Rule 2: exclusivity

    @inlinable
    mutating func checkExclusivity() throws(BatchUpdateError) {
        try checkExclusive(
            [
                (update.sectionDeletes, .sectionDelete),
                (update.sectionMoves.map(\.from), .sectionMoveSource),
                (update.sectionReloads, .sectionReload),
            ],
            duplicate: BatchUpdateError.duplicateSectionIndex,
            conflict: BatchUpdateError.conflictingSectionOperations
        )
        try checkExclusive(
            [(update.sectionInserts, .sectionInsert), (update.sectionMoves.map(\.to), .sectionMoveDestination)],
            duplicate: BatchUpdateError.duplicateSectionIndex,
            conflict: BatchUpdateError.conflictingSectionOperations
        )
        try checkExclusive(
            [
                (update.itemDeletes, .itemDelete),
                (update.itemMoves.map(\.from), .itemMoveSource),
                (update.itemReloads, .itemReload),
            ],
            duplicate: BatchUpdateError.duplicateItemPath,
            conflict: BatchUpdateError.conflictingItemOperations
        )
        try checkExclusive(
            [
                (update.itemInserts, .itemInsert),
                (update.itemMoves.map(\.to), .itemMoveDestination),
                (update.itemReconfigures, .itemReconfigure),
            ],
            duplicate: BatchUpdateError.duplicateItemPath,
            conflict: BatchUpdateError.conflictingItemOperations
        )
    }

    /// Reports every index listed twice by one operation, and every pair of operations that
    /// exclude each other naming the same index. Only a move destination and a reconfigure may
    /// share a path: a moved item may also be reconfigured.
    ///
    /// - Complexity: O(*k* log *k*) for *k* indexes in all.
    @inlinable
    mutating func checkExclusive<Index: Comparable>(
        _ lists: [([Index], Operation)],
        duplicate: (Operation, Index) -> BatchUpdateError,
        conflict: (Operation, Operation, Index) -> BatchUpdateError
    ) throws(BatchUpdateError) {
        var entries: [(Index, Operation)] = []
        entries.reserveCapacity(lists.reduce(0) { $0 + $1.0.count })
        for (indexes, operation) in lists {
            entries += indexes.lazy.map { ($0, operation) }
        }
        entries.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1.rank < $1.1.rank) }
        var start = 0
        while start < entries.count {
            let index = entries[start].0
            var end = start + 1
            while end < entries.count, entries[end].0 == index { end += 1 }
            if end - start > 1 {
                // The group is sorted by operation: equal neighbours are duplicates, and the
                // first entry of each run is one of the distinct operations.
                var distinct: [Operation] = []
                for position in start..<end {
                    let operation = entries[position].1
                    if position > start, entries[position - 1].1 == operation {
                        if position - 1 == start || entries[position - 2].1 != operation {
                            try report(duplicate(operation, index))
                        }
                    } else {
                        distinct.append(operation)
                    }
                }
                for (offset, first) in distinct.enumerated() {
                    for second in distinct[(offset + 1)...]
                    where !(first == .itemMoveDestination && second == .itemReconfigure) {
                        try report(conflict(first, second, index))
                    }
                }
            }
            start = end
        }
    }

    // MARK: Rule 3: whole sections

    @inlinable
    mutating func checkWholeSections(_ sections: SectionPlan) throws(BatchUpdateError) {
        try checkSurviving(update.itemDeletes, .itemDelete, sections)
        try checkSurviving(update.itemInserts, .itemInsert, sections)
        try checkSurviving(update.itemMoves.lazy.map(\.from), .itemMoveSource, sections)
        try checkSurviving(update.itemMoves.lazy.map(\.to), .itemMoveDestination, sections)
        try checkSurviving(update.itemReloads, .itemReload, sections)
        try checkSurviving(update.itemReconfigures, .itemReconfigure, sections)
    }

    @inlinable
    mutating func checkSurviving(
        _ paths: some Sequence<ItemPath>,
        _ operation: Operation,
        _ sections: SectionPlan
    ) throws(BatchUpdateError) {
        let isOld = operation.addressesOldSnapshot
        let count = isOld ? oldSections.count : newSections.count
        for path in paths where 0 <= path.section && path.section < count {
            let replacement = isOld ? sections.replacement(ofOld: path.section) : sections.replacement(ofNew: path.section)
            if let replacement {
                try report(.itemInReplacedSection(operation, path: path, sectionOperation: replacement))
            }
        }
    }
}
