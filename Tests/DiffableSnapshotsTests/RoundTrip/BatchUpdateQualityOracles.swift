import DiffableSnapshots
import TestSupport

/// Checks an update computed by the diff against the promises of <doc:BatchUpdateRules> that
/// validity alone does not cover: minimal moves, identity kept, marks honoured (and nothing
/// refreshed without a mark), lists sorted.
/// Everything here is computed from the two snapshots and the update's own section outcome,
/// independently of the diff and of the validator.
///
/// - Returns: One sentence per broken promise; empty when all hold.
func qualityFailures<S, I>(
    of update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<S, I>,
    to new: DiffableDataSourceSnapshot<S, I>
) -> [String] {
    var failures: [String] = []
    failures += sortingFailures(of: update)

    // Sections present in both snapshots, in new order.
    let (oldSections, oldItems) = layout(of: old)
    let (newSections, newItems) = layout(of: new)
    let reloadMarkedSections = Set(new.reloadedSectionIdentifiers)
    let sectionDeletes = Set(update.sectionDeletes)
    let sectionInserts = Set(update.sectionInserts)
    let sectionReloads = Set(update.sectionReloads)
    let common = newSections.indices.compactMap { target in
        old.indexOfSection(newSections[target]).map { (old: $0, new: target) }
    }
    var reloadedAndMoved = 0
    for section in common {
        let identifier = newSections[section.new]
        let replaced = sectionDeletes.contains(section.old) && sectionInserts.contains(section.new)
        let marked = reloadMarkedSections.contains(identifier)
        if replaced && marked { reloadedAndMoved += 1 }
        if replaced && !marked {
            failures.append("section \(identifier) is in both snapshots but deleted and inserted without a reload mark")
        }
        if marked && !replaced && !sectionReloads.contains(section.old) {
            failures.append("section \(identifier) is marked for reload but neither reloaded nor deleted and inserted")
        }
    }
    let expectedSectionMoves = common.count - longestIncreasingSubsequence(common.map(\.old)).count
    if update.sectionMoves.count + reloadedAndMoved != expectedSectionMoves {
        failures.append(
            "\(update.sectionMoves.count) section moves + \(reloadedAndMoved) reloaded sections deleted and inserted; "
                + "minimal: \(expectedSectionMoves) (\(common.count) common sections)"
        )
    }

    // Surviving sections, by the update's own outcome.
    let surviving = Set(
        common.filter {
            !sectionDeletes.contains($0.old) && !sectionReloads.contains($0.old) && !sectionInserts.contains($0.new)
        }.map { newSections[$0.new] }
    )
    var oldPaths: [I: ItemPath] = [:]
    for (section, items) in oldItems.enumerated() {
        for (offset, item) in items.enumerated() { oldPaths[item] = ItemPath(section: section, item: offset) }
    }

    // Minimal item moves: per surviving section, the complement of a longest increasing run of
    // old offsets among the items that stay in it; plus every item changing surviving section.
    var expectedItemMoves = 0
    for (target, section) in newSections.enumerated() where surviving.contains(section) {
        let staying = newItems[target].compactMap { item in
            oldPaths[item].flatMap { oldSections[$0.section] == section ? $0.item : nil }
        }
        expectedItemMoves += staying.count - longestIncreasingSubsequence(staying).count
    }

    let reloadMarked = Set(new.reloadedItemIdentifiers)
    let reconfigureMarked = Set(new.reconfiguredItemIdentifiers)
    let itemDeletes = Set(update.itemDeletes)
    let itemInserts = Set(update.itemInserts)
    let itemReloads = Set(update.itemReloads)
    let itemReconfigures = Set(update.itemReconfigures)
    let moveSources = Set(update.itemMoves.map(\.from))
    var reloadedDeletedAndInserted = 0
    for (target, items) in newItems.enumerated() where surviving.contains(newSections[target]) {
        for (offset, item) in items.enumerated() {
            guard let from = oldPaths[item], surviving.contains(oldSections[from.section]) else { continue }
            let to = ItemPath(section: target, item: offset)
            if oldSections[from.section] != newSections[target] { expectedItemMoves += 1 }
            let replaced = itemDeletes.contains(from) && itemInserts.contains(to)
            let moved = moveSources.contains(from)
            if reloadMarked.contains(item) {
                if replaced { reloadedDeletedAndInserted += 1 }
                if moved { failures.append("item \(item) is marked for reload but moved \(from)->\(to)") }
                if !replaced && !moved && !itemReloads.contains(from) {
                    failures.append("item \(item) is marked for reload and kept at \(from) but not reloaded")
                }
            } else {
                if replaced {
                    failures.append("item \(item) is in surviving sections of both snapshots but deleted and inserted")
                }
                if reconfigureMarked.contains(item) && !itemReconfigures.contains(to) {
                    failures.append("item \(item) is marked for reconfigure but \(to) is not reconfigured")
                }
            }
        }
    }
    // No refresh that nobody asked for.
    for index in update.sectionReloads where !reloadMarkedSections.contains(oldSections[index]) {
        failures.append("section \(oldSections[index]) is reloaded without a reload mark")
    }
    for path in update.itemReloads {
        let item = oldItems[path.section][path.item]
        if !reloadMarked.contains(item) { failures.append("item \(item) is reloaded at \(path) without a reload mark") }
    }
    for path in update.itemReconfigures {
        let item = newItems[path.section][path.item]
        if !reconfigureMarked.contains(item) {
            failures.append("item \(item) is reconfigured at \(path) without a reconfigure mark")
        } else if reloadMarked.contains(item) {
            failures.append("item \(item) is reconfigured at \(path) but also marked for reload, which wins")
        }
    }
    if update.itemMoves.count + reloadedDeletedAndInserted != expectedItemMoves {
        failures.append(
            "\(update.itemMoves.count) item moves + \(reloadedDeletedAndInserted) reloaded items deleted and inserted; "
                + "minimal: \(expectedItemMoves)"
        )
    }
    return failures
}

/// Every list is sorted ascending, moves by their source.
private func sortingFailures(of update: BatchUpdate) -> [String] {
    func sorted<T: Comparable>(_ name: String, _ values: [T]) -> String? {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 } ? nil : "\(name) is not sorted ascending"
    }
    return [
        sorted("sectionDeletes", update.sectionDeletes),
        sorted("sectionInserts", update.sectionInserts),
        sorted("sectionMoves", update.sectionMoves.map(\.from)),
        sorted("sectionReloads", update.sectionReloads),
        sorted("itemDeletes", update.itemDeletes),
        sorted("itemInserts", update.itemInserts),
        sorted("itemMoves", update.itemMoves.map(\.from)),
        sorted("itemReloads", update.itemReloads),
        sorted("itemReconfigures", update.itemReconfigures),
    ].compactMap { $0 }
}
