import ArgumentParser
import DiffableSnapshots
import Foundation
import SeededRandom

/// `diffable-bench diff`: the batch update between two snapshots.
///
/// Baseline: Swift's `difference(from:).inferringMoves()` on the flattened identifiers (skipped
/// above 100,000 items: it is quadratic in the number of edits). Floor: building a `Dictionary`
/// from the old identifiers to their indexes and looking up every new identifier once — the
/// least any hashing diff must do.
struct DiffBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Time BatchUpdate(from:to:) against Swift's difference(from:) and a hashing floor."
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Identifier types to measure: Int, UUID or both.")
    var ids: [IdentifierKind] = [.Int, .UUID]

    enum IdentifierKind: String, ExpressibleByArgument {
        case Int, UUID
    }

    func run() throws {
        var report = BenchReport(json: options.json)
        for shape in DiffCase.all where options.includes(shape.name) {
            let pair = shape.makeIntPair()
            if ids.contains(.Int), let result = measure(shape, ids: "Int", pair.old, pair.new) {
                report.add(result)
            }
            if ids.contains(.UUID) {
                let uuids = makeUUIDs(count: pair.identifierCount)
                if let result = measure(shape, ids: "UUID", pair.old.mapped(uuids), pair.new.mapped(uuids)) {
                    report.add(result)
                }
            }
        }
    }

    private func measure<Item: Hashable & Sendable>(
        _ shape: DiffCase,
        ids: String,
        _ old: DiffableDataSourceSnapshot<Int, Item>,
        _ new: DiffableDataSourceSnapshot<Int, Item>
    ) -> BenchResult? {
        let oldItems = old.itemIdentifiers
        let newItems = new.itemIdentifiers
        var timings = [
            Timing { BatchUpdate(from: old, to: new) },
            Timing { [floorStorage = WarmStorage<[Item: Int]>.dictionary()] in hashingFloor(oldItems, newItems, in: floorStorage) },
        ]
        var note: String?
        if options.noBaseline {
            note = "baseline skipped (--no-baseline)"
        } else if oldItems.count <= 100_000 {
            timings.append(Timing { newItems.difference(from: oldItems).inferringMoves() })
        } else {
            note = "baseline skipped above 100k items: difference(from:) is quadratic in the edit count"
        }
        let measurements = interleavedMeasurements(runs: options.runs, timings)
        let (oursMilliseconds, floorMilliseconds) = (measurements[0], measurements[1])
        let baselineMilliseconds = measurements.count > 2 ? measurements[2] : nil
        return BenchResult(
            bench: "diff",
            caseName: shape.name,
            ids: ids,
            oursMilliseconds: oursMilliseconds,
            baseline: "difference(from:).inferringMoves()",
            baselineMilliseconds: baselineMilliseconds,
            floorMilliseconds: floorMilliseconds,
            note: note
        )
    }
}

/// The least a hashing diff does: index the old identifiers, probe with every new one.
@inline(never)
func hashingFloor<Item: Hashable>(_ old: [Item], _ new: [Item], in storage: WarmStorage<[Item: Int]>) -> Int {
    storage.value.removeAll(keepingCapacity: true)
    storage.value.reserveCapacity(old.count)
    for (index, item) in old.enumerated() { storage.value[item] = index }
    var found = 0
    for item in new where storage.value[item] != nil { found += 1 }
    return found
}

/// `count` distinct UUIDs from a seeded generator, the same on every run.
func makeUUIDs(count: Int) -> [UUID] {
    var random = SplitMix64(seed: 0x5EED_0001)
    return (0..<count).map { _ in
        let high = random.next()
        let low = random.next()
        return UUID(uuid: (
            UInt8(truncatingIfNeeded: high), UInt8(truncatingIfNeeded: high >> 8),
            UInt8(truncatingIfNeeded: high >> 16), UInt8(truncatingIfNeeded: high >> 24),
            UInt8(truncatingIfNeeded: high >> 32), UInt8(truncatingIfNeeded: high >> 40),
            UInt8(truncatingIfNeeded: high >> 48), UInt8(truncatingIfNeeded: high >> 56),
            UInt8(truncatingIfNeeded: low), UInt8(truncatingIfNeeded: low >> 8),
            UInt8(truncatingIfNeeded: low >> 16), UInt8(truncatingIfNeeded: low >> 24),
            UInt8(truncatingIfNeeded: low >> 32), UInt8(truncatingIfNeeded: low >> 40),
            UInt8(truncatingIfNeeded: low >> 48), UInt8(truncatingIfNeeded: low >> 56)
        ))
    }
}
