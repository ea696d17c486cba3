import DiffableSnapshots
import TestSupport

/// Applies a batch update to the old snapshot's identifiers the plain way a list does, and
/// returns the sections and items the list then shows.
///
/// This is the model the validator is checked against, so it is deliberately simple and shares
/// nothing with the validator. For sections, then for the items of each surviving section:
/// deleted and moved-out elements leave; inserted slots take the new snapshot's identifiers;
/// move destinations take the identifier found at the move's source; the remaining (kept and
/// reloaded) elements fill the free slots in order. A reloaded section keeps its identifier and
/// shows the new snapshot's items there, as a list re-reads a reloaded section.
///
/// Nothing traps on a malformed update: an operation out of range fills nothing, a slot left
/// empty is dropped and elements left over are appended, so the result then differs from `new`.
func referenceApply<S, I>(
    _ update: BatchUpdate,
    _ old: DiffableDataSourceSnapshot<S, I>,
    _ new: DiffableDataSourceSnapshot<S, I>
) -> (sections: [S], items: [[I]]) {
    let (oldSections, oldItems) = layout(of: old)
    let (newSections, newItems) = layout(of: new)

    var slots: [SectionOrigin?] = Array(repeating: nil, count: newSections.count)
    for index in update.sectionInserts where slots.indices.contains(index) {
        slots[index] = .inserted
    }
    for move in update.sectionMoves where slots.indices.contains(move.to) {
        slots[move.to] = oldSections.indices.contains(move.from) ? .old(move.from) : .unknown
    }
    let leaving = Set(update.sectionDeletes + update.sectionMoves.map(\.from))
    let staying = oldSections.indices.filter { !leaving.contains($0) }
    let (filled, leftovers) = fill(slots, with: staying.map { SectionOrigin.old($0) })

    var sections: [S] = []
    var items: [[I]] = []
    for (position, origin) in filled.enumerated() {
        switch origin {
        case .inserted:
            sections.append(newSections[position])
            items.append(newItems[position])
        case .old(let source):
            sections.append(oldSections[source])
            items.append(
                update.sectionReloads.contains(source)
                    ? newItems[position]
                    : applyItems(update, from: source, to: position, oldItems, newItems)
            )
        case .unknown, nil:
            continue
        }
    }
    for case .old(let source) in leftovers {
        sections.append(oldSections[source])
        items.append(oldItems[source])
    }
    return (sections, items)
}

/// Where the section at a new position comes from.
private enum SectionOrigin {
    case inserted
    case old(Int)
    /// A move from an index out of range.
    case unknown
}

/// The items a surviving section shows: old section `source`, new section `target`.
private func applyItems<I>(
    _ update: BatchUpdate,
    from source: Int,
    to target: Int,
    _ oldItems: [[I]],
    _ newItems: [[I]]
) -> [I] {
    var slots: [I??] = Array(repeating: nil, count: newItems[target].count)
    for path in update.itemInserts where path.section == target && slots.indices.contains(path.item) {
        slots[path.item] = .some(newItems[target][path.item])
    }
    for move in update.itemMoves where move.to.section == target && slots.indices.contains(move.to.item) {
        let from = move.from
        let known = oldItems.indices.contains(from.section) && oldItems[from.section].indices.contains(from.item)
        slots[move.to.item] = .some(known ? oldItems[from.section][from.item] : nil)
    }
    let leaving = Set((update.itemDeletes + update.itemMoves.map(\.from)).filter { $0.section == source }.map(\.item))
    let staying = oldItems[source].indices.filter { !leaving.contains($0) }.map { oldItems[source][$0] }
    let (filled, leftovers) = fill(slots, with: staying.map { I?.some($0) })
    return filled.compactMap { $0 ?? nil } + leftovers.compactMap { $0 }
}

/// Puts `fillers`, in order, into the empty (`nil`) slots; returns the slots (those left empty
/// stay `nil`) and the fillers left over.
private func fill<Element>(_ slots: [Element?], with fillers: [Element]) -> (filled: [Element?], leftovers: [Element]) {
    var filled = slots
    var next = fillers.startIndex
    for position in filled.indices where filled[position] == nil && next < fillers.endIndex {
        filled[position] = fillers[next]
        next += 1
    }
    return (filled, Array(fillers[next...]))
}
