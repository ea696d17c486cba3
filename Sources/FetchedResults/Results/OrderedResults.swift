import DiffableSnapshots
import Foundation
import ObjectStore

/// A controller's results as it keeps them: sections in order, each with its objects' sort keys
/// and item identifiers in order. No object is held.
///
/// Objects of one section are adjacent in the request's order (its first sort key is the section
/// key), so sections are ordered by their objects and an object is placed by two binary searches:
/// its section among sections, then its slot among the section's objects.
struct OrderedResults<ItemIdentifierType: Hashable & Sendable> {
    private(set) var sections: [ResultSection<ItemIdentifierType>] = []
    private var sectionIndexByName: [String: Int] = [:]
    private(set) var count = 0

    init() {}

    /// Results from entries already in `order`, each with its section name. Specialised for
    /// `ObjectID` items, as ``move(removing:inserting:order:)`` is.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    init(ordered entries: [ResultEntry<ItemIdentifierType>], order: FetchSortOrder, sectionNames: (Int) -> String) {
        for (offset, entry) in entries.enumerated() {
            let name = sectionNames(offset)
            if sections.last?.name != name {
                sectionIndexByName[name] = sections.count
                sections.append(ResultSection(name: name, entries: ResultEntries(order: order)))
            }
            sections[sections.count - 1].entries.append(entry)
        }
        count = entries.count
    }

    /// The index of the section named `name`.
    func sectionIndex(named name: String) -> Int? {
        sectionIndexByName[name]
    }

    /// The entry at `path`.
    subscript(path: ItemPath) -> ResultEntry<ItemIdentifierType> {
        sections[path.section].entries[path.item]
    }

    /// Where `sortKey` is, or would be inserted, in section `section`.
    ///
    /// - Complexity: O(log *s*) comparisons, *s* the section's size.
    func slot(of sortKey: FetchSortKey, inSection section: Int, order: FetchSortOrder) -> (index: Int, found: Bool) {
        sections[section].entries.slot(of: sortKey, order: order)
    }

    /// The index of the section an object with `sortKey` belongs to when its section (named by
    /// the caller) does not exist yet: sections are ordered as their objects.
    private func newSectionIndex(for sortKey: FetchSortKey, order: FetchSortOrder) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if order.compare(sections[middle].entries.first!.sortKey, sortKey) == .orderedAscending {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Inserts `entry` into section `name` (created in place when missing) and returns its path.
    ///
    /// - Complexity: O(log *n*) comparisons plus moving the later entries of one chunk of the
    ///   section (and, for a new section, renumbering the sections after it).
    @discardableResult
    mutating func insert(_ entry: ResultEntry<ItemIdentifierType>, sectionName name: String, order: FetchSortOrder) -> ItemPath {
        let section: Int
        if let existing = sectionIndexByName[name] {
            section = existing
        } else {
            section = newSectionIndex(for: entry.sortKey, order: order)
            sections.insert(ResultSection(name: name, entries: ResultEntries(order: order)), at: section)
            reindexSections(from: section)
        }
        let slot = self.slot(of: entry.sortKey, inSection: section, order: order)
        precondition(!slot.found, "The object \(entry.objectID) is already in the results.")
        sections[section].entries.insert(entry, at: slot.index)
        count += 1
        return ItemPath(section: section, item: slot.index)
    }

    /// Removes the entry at `path`, and its section when it becomes empty.
    mutating func remove(at path: ItemPath) {
        sections[path.section].entries.remove(at: path.item)
        count -= 1
        if sections[path.section].entries.isEmpty {
            sectionIndexByName[sections[path.section].name] = nil
            sections.remove(at: path.section)
            reindexSections(from: path.section)
        }
    }

    /// Takes the entries of `removals` out (each at its path) and puts those of `insertions` in
    /// by their sort keys; returns each inserted entry's placement, with its new path.
    ///
    /// Removals go from the last path to the first, so that each path still holds when its turn
    /// comes (no search). Insertions go in `order`, so that the place each takes is its final
    /// path: every later one lands after it, in its section or in a section after it.
    ///
    /// Specialised for `ObjectID` items, as the controller's snapshot edits are
    /// (``DiffableDataSourceSnapshot/follow(_:removing:oldSections:placements:)``).
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    mutating func move(
        removing removals: [(entry: ResultEntry<ItemIdentifierType>, section: String, path: ItemPath)],
        inserting insertions: [(entry: ResultEntry<ItemIdentifierType>, section: String, oldPath: ItemPath?)],
        order: FetchSortOrder
    ) -> [ResultsStep<ItemIdentifierType>.Placement] {
        // Sorted as indexes over plain paths and keys: sorting the generic tuples themselves
        // costs more than the comparisons.
        let oldPaths = removals.map(\.path)
        for index in oldPaths.indices.sorted(by: { oldPaths[$0] > oldPaths[$1] }) {
            let removal = removals[index]
            precondition(self[removal.path].objectID == removal.entry.objectID, "The object \(removal.entry.objectID) is not at its path \(removal.path) in the results.")
            remove(at: removal.path)
        }
        var placements: [ResultsStep<ItemIdentifierType>.Placement] = []
        placements.reserveCapacity(insertions.count)
        let keys = insertions.map(\.entry.sortKey)
        for index in keys.indices.sorted(by: { order.compare(keys[$0], keys[$1]) == .orderedAscending }) {
            let insertion = insertions[index]
            let newPath = insert(insertion.entry, sectionName: insertion.section, order: order)
            placements.append(.init(objectID: insertion.entry.objectID, itemIdentifier: insertion.entry.itemIdentifier, oldPath: insertion.oldPath, newPath: newPath))
        }
        return placements
    }

    private mutating func reindexSections(from start: Int) {
        for index in start..<sections.count { sectionIndexByName[sections[index].name] = index }
    }

    /// The results as a snapshot, sections named by section name. Specialised for `ObjectID`
    /// items, as ``move(removing:inserting:order:)`` is.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    func snapshot() -> DiffableDataSourceSnapshot<String, ItemIdentifierType> {
        var snapshot = DiffableDataSourceSnapshot<String, ItemIdentifierType>()
        snapshot.appendSections(sections.map(\.name))
        for section in sections {
            snapshot.appendItems(section.entries.itemIdentifiers, toSection: section.name)
        }
        return snapshot
    }

    /// Traps unless sections are non-empty, uniquely named, indexed, counted and ordered.
    func _checkInvariants(order: FetchSortOrder) {
        #if DEBUG
        precondition(sectionIndexByName.count == sections.count, "FetchedResults: section index out of date")
        var total = 0
        var previous: FetchSortKey?
        for (index, section) in sections.enumerated() {
            precondition(!section.entries.isEmpty, "FetchedResults: empty section '\(section.name)'")
            section.entries._checkInvariants()
            precondition(sectionIndexByName[section.name] == index, "FetchedResults: section '\(section.name)' indexed wrongly")
            for entry in section.entries {
                if let previous {
                    precondition(order.compare(previous, entry.sortKey) == .orderedAscending, "FetchedResults: object \(entry.objectID) out of order")
                }
                previous = entry.sortKey
            }
            total += section.entries.count
        }
        precondition(total == count, "FetchedResults: count \(count) but \(total) entries")
        #endif
    }
}
