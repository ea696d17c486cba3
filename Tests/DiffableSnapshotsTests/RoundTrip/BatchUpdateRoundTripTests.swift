import DiffableSnapshots
import Foundation
import TestSupport
import Testing

/// Random snapshot pairs, diffed, validated, applied and held to the quality the rules promise.
///
/// `DIFFABLE_RANDOM_CASES` raises the number of pairs (10,000 at least);
/// `DIFFABLE_RANDOM_SEED` replays one seed. A failure prints the seed, both snapshots and the
/// update.
@Suite("Batch update round trips")
struct BatchUpdateRoundTripTests {
    static let firstSeed: UInt64 = 0xD1FF_AB1E_0000
    static let chunks = 4
    static let reportedFailuresPerChunk = 5

    /// The seeds a chunk runs: every `chunks`-th seed of `randomSeeds` (at least 10,000 of them
    /// unless a seed is replayed).
    static func seeds(ofChunk chunk: Int) -> [UInt64] {
        var seeds = TestEnvironment.randomSeeds(defaultCount: 10_000, defaultFirst: firstSeed)
        if seeds.count < 10_000, ProcessInfo.processInfo.environment["DIFFABLE_RANDOM_SEED"] == nil {
            seeds = firstSeed..<(firstSeed + 10_000)
        }
        return stride(from: seeds.lowerBound + UInt64(chunk), to: seeds.upperBound, by: chunks).map { $0 }
    }

    @Test("diff, validate and apply random snapshot pairs", arguments: 0..<chunks)
    func randomPairsRoundTrip(chunk: Int) {
        var reported = 0
        for seed in Self.seeds(ofChunk: chunk) {
            let pair = RandomSnapshotPair(seed: seed)
            let (update, failures) = Self.roundTripFailures(pair.old, pair.new)
            guard !failures.isEmpty else { continue }
            reported += 1
            Issue.record(
                """
                \(failures.joined(separator: "\n"))
                \(pair)
                update \(update)
                replay: DIFFABLE_RANDOM_SEED=\(seed) swift test --filter RoundTrip
                """
            )
            if reported == Self.reportedFailuresPerChunk { return }
        }
    }

    @Test("large reversed, shuffled and cross-section pairs round trip")
    func largePairsRoundTrip() {
        var random = SplitMix64(seed: 42)
        let items = Array(0..<3_000)
        let sections = (0..<6).map { "s\($0)" }
        let chunked = sections.indices.map { Array(items[($0 * 500)..<($0 * 500 + 500)]) }
        let old = makeSnapshot(Array(zip(sections, chunked)))
        let pairs: [(String, TestSnapshot)] = [
            ("reversed", makeSnapshot(Array(zip(sections, chunked.map { $0.reversed() }).reversed()))),
            ("shuffled", makeSnapshot(Array(zip(sections.shuffled(using: &random), chunked.map { $0.shuffled(using: &random) })))),
            ("rotated across sections", makeSnapshot(Array(zip(sections, [chunked[5]] + chunked.dropLast())))),
        ]
        // Few edits in large sections, with marks in the unchanged regions around them.
        var edited = old
        edited.deleteItems([1_200, 1_201])
        edited.moveItem(1_700, beforeItem: 1_520)
        edited.appendItems([9_000], toSection: "s3")
        edited.moveSection("s5", beforeSection: "s4")
        edited.reloadItems([0, 1_499, 2_999])
        edited.reconfigureItems([1, 1_600, 2_998, 1_700])
        edited.reloadSections(["s1"])
        for (name, new) in pairs + [("few edits with marks", edited), ("marks only", Self.marked(old))] {
            let (update, failures) = Self.roundTripFailures(old, new)
            #expect(failures.isEmpty, "\(name): \(failures.joined(separator: "\n")) update \(update)")
        }
    }

    static func marked(_ snapshot: TestSnapshot) -> TestSnapshot {
        var marked = snapshot
        marked.reloadItems([5, 2_500])
        marked.reconfigureItems([6, 2_999])
        marked.reloadSections(["s0"])
        return marked
    }

    /// Diffs, validates, applies with the reference model and checks the quality oracles.
    static func roundTripFailures(_ old: TestSnapshot, _ new: TestSnapshot) -> (BatchUpdate, [String]) {
        let update = BatchUpdate(from: old, to: new)
        do {
            try update.validate(from: old, to: new)
        } catch {
            let all = update.validationErrors(from: old, to: new).map { "  rule \($0.rule): \($0)" }
            return (update, ["the validator rejects the update:"] + all)
        }
        var failures: [String] = []
        let applied = referenceApply(update, old, new)
        let expected = layout(of: new)
        if applied.sections != expected.sections || applied.items != expected.items {
            failures.append("applying the update gives \(applied), not \(expected)")
        }
        return (update, failures + qualityFailures(of: update, from: old, to: new))
    }
}
