package import DiffableSnapshots

/// The snapshot type of the hand-written and random tests of snapshots, batch updates and data
/// sources.
package typealias TestSnapshot = DiffableDataSourceSnapshot<String, Int>

/// Builds a snapshot from its layout, section by section, then marks what is asked.
///
/// ```swift
/// let snapshot = makeSnapshot(["A": [1, 2], "B": []], reconfigured: [2])
/// ```
package func makeSnapshot<S, I>(
    _ layout: KeyValuePairs<S, [I]>,
    reloaded: [I] = [],
    reconfigured: [I] = [],
    reloadedSections: [S] = []
) -> DiffableDataSourceSnapshot<S, I> {
    makeSnapshot(layout.map { ($0.key, $0.value) }, reloaded: reloaded, reconfigured: reconfigured, reloadedSections: reloadedSections)
}

/// Builds a snapshot from its layout given as an array, then marks what is asked.
package func makeSnapshot<S, I>(
    _ layout: [(S, [I])],
    reloaded: [I] = [],
    reconfigured: [I] = [],
    reloadedSections: [S] = []
) -> DiffableDataSourceSnapshot<S, I> {
    var snapshot = DiffableDataSourceSnapshot<S, I>()
    snapshot.appendSections(layout.map(\.0))
    for (section, items) in layout {
        snapshot.appendItems(items, toSection: section)
    }
    snapshot.reloadItems(reloaded)
    snapshot.reconfigureItems(reconfigured)
    snapshot.reloadSections(reloadedSections)
    return snapshot
}

/// The sections of a snapshot with their items, in order.
package func layout<S, I>(of snapshot: DiffableDataSourceSnapshot<S, I>) -> (sections: [S], items: [[I]]) {
    let sections = snapshot.sectionIdentifiers
    return (sections, sections.map { snapshot.itemIdentifiers(inSection: $0) })
}
