import ArgumentParser
import DiffableSnapshots
import Foundation
import ObjectStore

/// `diffable-bench snapshot`: building, copying and editing snapshots of a million items, and
/// diffing a snapshot against a copy edited a few times.
///
/// Cases, each run with `Int` and with `ObjectID` identifiers (and with `UUID` on request):
/// - `build-100k`, `build-1M`: `appendSections` + `appendItems` of one array (duplicate detection
///   included); baseline: a `Dictionary` from identifier to index built from the same array. Such
///   a snapshot indexes its items on the first lookup: the note gives the time of the build with
///   one lookup after it, and the memory is counted with the index.
/// - `edit-one-1M`, `edit-one-1M-50-sections`: copy a snapshot and delete, insert or move one
///   item (across sections in the second); baseline: the same edit on a copy of the items as one
///   plain array.
/// - `derived-diff-1M`: the batch update from a snapshot to a copy changed by 10 edits; baseline:
///   the same diff when the new snapshot shares no storage with the old one (the full diff path).
/// - `end-to-end-100k`: build both snapshots of the `diff` benchmark's `flat-100k` pair from
///   arrays, then diff; baseline: a `Dictionary` build and probe pass over the same arrays.
/// - With `Int` (see `SnapshotShapeCases.swift`): `build-100x1k-sections`, `build-100k-uuid`,
///   `end-to-end-sectioned-100x1k`, `end-to-end-100k-uuid` and `reconfigure-1pct-100k`.
struct SnapshotBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Snapshots at a million items: build, copy-and-edit, derived diff, end to end."
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Identifier types to measure: Int, ObjectID, UUID (memory per item of a wider key; not run by default).")
    var ids: [IdentifierKind] = [.Int, .ObjectID]

    enum IdentifierKind: String, ExpressibleByArgument {
        case Int, ObjectID, UUID
    }

    func run() throws {
        var report = BenchReport(json: options.json)
        let cases = SnapshotCases(options: options)
        // Identifier `i` of every case is `universe[i]`: the integer itself, or the i-th object ID
        // of a store.
        let universeSize = SnapshotCases.universeSize
        if ids.contains(.Int) {
            cases.run(ids: "Int", universe: Array(0..<universeSize), into: &report)
            cases.runShapes(into: &report)
        }
        if ids.contains(.ObjectID) {
            cases.run(ids: "ObjectID", universe: try BenchObjectIDs.make(count: universeSize), into: &report)
        }
        if ids.contains(.UUID) {
            cases.run(ids: "UUID", universe: (0..<universeSize).map { _ in UUID() }, into: &report)
        }
    }
}
