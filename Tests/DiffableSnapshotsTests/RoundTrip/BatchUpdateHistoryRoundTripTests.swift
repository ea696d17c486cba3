import DiffableSnapshots
import TestSupport
import Testing

/// Batch updates between snapshots that share structure: a large snapshot and copies of it after
/// long random edit histories (a controller's deliveries), diffed in both directions and between
/// two copies edited apart; each update is validated, applied and held to the quality oracles.
///
/// `DIFFABLE_RANDOM_CASES` raises the number of histories; `DIFFABLE_RANDOM_SEED` replays one.
@Suite("Batch update round trips over edit histories")
struct BatchUpdateHistoryRoundTripTests {
    @Test func copiesEditedApartRoundTripInBothDirections() {
        for seed in TestEnvironment.randomSeeds(defaultCount: 30, defaultFirst: 0x4157_8000) {
            var history = RandomEditHistory(seed: seed)
            let sections = Int.random(in: 1...4, using: &history.random)
            var base = RandomEditHistory.largeSnapshot(sections: sections, itemsPerSection: Int.random(in: 100...1_200, using: &history.random))
            var baseModel = HistoryModel(base)
            // A base that has itself been edited, so it carries split leaves and an index overlay.
            for _ in 0..<Int.random(in: 0...40, using: &history.random) { _ = history.edit(&base, &baseModel) }
            var first = base
            var firstModel = baseModel
            var firstLog: [String] = []
            for _ in 0..<Int.random(in: 1...60, using: &history.random) { firstLog.append(history.edit(&first, &firstModel)) }
            var second = base
            var secondModel = baseModel
            for _ in 0..<Int.random(in: 1...20, using: &history.random) { _ = history.edit(&second, &secondModel) }
            var later = first
            var laterModel = firstModel
            for _ in 0..<Int.random(in: 1...10, using: &history.random) { _ = history.edit(&later, &laterModel) }
            let pairs: [(String, TestSnapshot, TestSnapshot)] = [
                ("base -> edited copy", base, first),
                ("edited copy -> base", first, base),
                ("copy -> copy edited apart", first, second),
                ("copy -> its own edited copy", first, later),
            ]
            for (name, old, new) in pairs {
                let (update, failures) = BatchUpdateRoundTripTests.roundTripFailures(old, new)
                guard failures.isEmpty else {
                    Issue.record(
                        """
                        seed \(seed), \(name): \(failures.prefix(5).joined(separator: "\\n"))
                        update \(update)
                        edits of the copy: \(firstLog.joined(separator: "; "))
                        replay: DIFFABLE_RANDOM_SEED=\(seed) swift test --filter HistoryRoundTrip
                        """)
                    return
                }
            }
        }
    }
}
