import DiffableSnapshots
import Foundation

/// The cases of `diffable-bench snapshot` that vary the shape of the list: many sections, `UUID`
/// identifiers, items marked for reconfiguring. Each end-to-end case also times
/// `end-to-end-100k` (flat, `Int`) in the same turns, and gives the ratio.
extension SnapshotCases {
    static let hundredThousand = 100_000

    func runShapes(into report: inout BenchReport) {
        let uuids = makeUUIDs(count: 2 * Self.hundredThousand)
        if options.includes("build-100x1k-sections") {
            report.add(build("build-100x1k-sections", ids: "Int", Array(0..<Self.hundredThousand), sections: 100))
        }
        if options.includes("build-100k-uuid") {
            report.add(build("build-100k-uuid", ids: "UUID", Array(uuids[0..<Self.hundredThousand])))
        }
        if options.includes("end-to-end-sectioned-100x1k") {
            let mix = SectionedChangeMix(sections: 100, itemsPerSection: 1_000)
            report.add(endToEnd("end-to-end-sectioned-100x1k", ids: "Int", old: mix.old, new: mix.new,
                note: "100 sections of 1,000 items: 10% deleted and inserted and the first 2% shuffled per section, 1% moved to another section"))
        }
        if options.includes("end-to-end-100k-uuid") {
            let pair = DiffCase.all.first { $0.name == "flat-100k" }!.makeIntPair()
            report.add(endToEnd("end-to-end-100k-uuid", ids: "UUID",
                old: [pair.old.itemIdentifiers.map { uuids[$0] }], new: [pair.new.itemIdentifiers.map { uuids[$0] }],
                note: "the flat-100k pair with UUID items"))
        }
        if options.includes("reconfigure-1pct-100k") {
            report.add(reconfigure(Array(0..<Self.hundredThousand)))
        }
    }

    /// Builds both snapshots from `old` and `new` (items by section) and diffs them, in turns
    /// with `end-to-end-100k` and with the floor of a `Dictionary` over the flattened items.
    private func endToEnd<Item: Hashable & Sendable>(_ name: String, ids: String, old: [[Item]], new: [[Item]], note: String) -> BenchResult {
        let flatPair = DiffCase.all.first { $0.name == "flat-100k" }!.makeIntPair()
        let (flatOld, flatNew) = (flatPair.old.itemIdentifiers, flatPair.new.itemIdentifiers)
        let (oldFlattened, newFlattened) = (Array(old.joined()), Array(new.joined()))
        let update = BatchUpdate(from: makeSnapshot(sections: old), to: makeSnapshot(sections: new))
        var timings = [
            Timing { BatchUpdate(from: makeSnapshot(sections: old), to: makeSnapshot(sections: new)) },
            Timing { BatchUpdate(from: makeSnapshot(flatOld, sections: 1), to: makeSnapshot(flatNew, sections: 1)) },
        ]
        if !options.noBaseline {
            timings.append(Timing { [storage = WarmStorage<[Item: Int]>.dictionary()] in hashingFloor(oldFlattened, newFlattened, in: storage) })
        }
        let measurements = interleavedMeasurements(runs: options.runs, timings)
        let (ours, flat) = (measurements[0], measurements[1])
        return BenchResult(
            bench: "snapshot", caseName: name, ids: ids, oursMilliseconds: ours,
            baseline: "Dictionary build + probe (floor)", baselineMilliseconds: measurements.count > 2 ? measurements[2] : nil,
            note: "\(note); build both snapshots from arrays, then diff (\(update.itemDeletes.count) deletes, "
                + "\(update.itemInserts.count) inserts, \(update.itemMoves.count) moves); the baseline indexes the old items "
                + "and probes the new ones, and computes no diff; end-to-end-100k (flat, Int) in the same turns: "
                + "\(formatted(flat.median, decimals: 3)) ms (\(flat.spread)), ours/that \(formatted(ours.median / flat.median, decimals: 2))×")
    }

    /// Marks 1% of a freshly built snapshot of `items` (one section) for reconfiguring, in turns
    /// with the same build not marked, and with the build followed by a lookup of the same items.
    private func reconfigure<Item: Hashable & Sendable>(_ items: [Item]) -> BenchResult {
        let marked = stride(from: 0, to: items.count, by: 100).map { items[$0] }
        var timings = [
            Timing { () -> DiffableDataSourceSnapshot<Int, Item> in
                var snapshot = makeSnapshot(items, sections: 1)
                snapshot.reconfigureItems(marked)
                return snapshot
            },
            Timing { makeSnapshot(items, sections: 1) },
        ]
        if !options.noBaseline {
            timings.append(Timing { () -> Int in
                let snapshot = makeSnapshot(items, sections: 1)
                return marked.reduce(0) { $0 + (snapshot.indexOfItem($1) ?? 0) }
            })
        }
        let measurements = interleavedMeasurements(runs: options.runs, timings)
        let (ours, unmarked) = (measurements[0], measurements[1])
        var note = "\(marked.count) of \(items.count) items marked right after the build: "
            + "+\(formatted(ours.median - unmarked.median, decimals: 3)) ms over the same build not marked (median; fastest "
            + "+\(formatted(ours.fastest - unmarked.fastest, decimals: 3))); the baseline is that build, which marks nothing"
        if measurements.count > 2 {
            note += "; the build followed by indexOfItem of the same items: \(formatted(measurements[2].median, decimals: 3)) ms"
        }
        return BenchResult(
            bench: "snapshot", caseName: "reconfigure-1pct-100k", ids: "Int", oursMilliseconds: ours,
            baseline: "same build, not marked", baselineMilliseconds: options.noBaseline ? nil : unmarked, note: note)
    }
}

/// A snapshot of `sections` (items by section), named 0, 1, ...
func makeSnapshot<Item: Hashable & Sendable>(sections: [[Item]]) -> DiffableDataSourceSnapshot<Int, Item> {
    var snapshot = DiffableDataSourceSnapshot<Int, Item>()
    snapshot.appendSections(Array(sections.indices))
    for (section, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}
