import DiffableSnapshots

/// Reload and reconfigure marks of a slot's content that was received but not composed yet (held
/// back by a conflict), kept so that the content composed later still refreshes those items.
struct CarriedMarks<Item: Hashable & Sendable>: Sendable {
    var reloaded: Set<Item> = []
    var reconfigured: Set<Item> = []

    /// These marks and those `snapshot` carries.
    func adding<Section>(_ snapshot: DiffableDataSourceSnapshot<Section, Item>) -> CarriedMarks {
        CarriedMarks(reloaded: reloaded.union(snapshot.reloadedItemIdentifiers), reconfigured: reconfigured.union(snapshot.reconfiguredItemIdentifiers))
    }
}
