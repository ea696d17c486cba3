package import ObjectStore

/// The row that says a store file was made by the demo: the demo opens an existing file only
/// when its database holds this entity's table, so it never writes to another program's store.
package final class ScoreboardMark: ManagedObject {
    @Attribute package var formatVersion = 1
}
