@testable import DiffableSnapshots
import TestSupport
import Testing

/// Long random edit histories on snapshots of thousands of items: the snapshot agrees with a
/// plain model after every edit, and every copy taken along the way (and edited on its own
/// afterwards) keeps exactly what it held. Copies share structure with the snapshot they were
/// taken from, so this exercises the persistent storage: leaf splits, merges and relabeling,
/// index overlays and their compaction.
///
/// `DIFFABLE_RANDOM_CASES` raises the number of histories; `DIFFABLE_RANDOM_SEED` replays one.
@Suite("Snapshot edit histories against a model")
struct SnapshotHistoryTests {
    static let steps = 300

    @Test func longEditHistoriesAgreeWithTheModelAndCopiesKeepTheirContents() {
        for seed in TestEnvironment.randomSeeds(defaultCount: 8, defaultFirst: 0x4157_0000) {
            var history = RandomEditHistory(seed: seed)
            let sections = Int.random(in: 1...4, using: &history.random)
            var snapshot = RandomEditHistory.largeSnapshot(sections: sections, itemsPerSection: Int.random(in: 200...1_500, using: &history.random))
            var model = HistoryModel(snapshot)
            var copies: [(snapshot: TestSnapshot, model: HistoryModel, step: Int)] = []
            var log: [String] = []
            for step in 0..<Self.steps {
                switch Int.random(in: 0..<20, using: &history.random) {
                case 0, 1:
                    copies.append((snapshot, model, step))
                case 2 where !copies.isEmpty:
                    // Go back to an earlier copy and go on from there: the copy itself must not change.
                    let branch = copies.randomElement(using: &history.random)!
                    (snapshot, model) = (branch.snapshot, branch.model)
                    log.append("back to the copy of step \(branch.step)")
                default:
                    break
                }
                log.append(history.edit(&snapshot, &model))
                guard step % 15 == 0 || step == Self.steps - 1 else { continue }
                snapshot._checkInvariants()
                let disagreements = model.disagreements(with: snapshot)
                guard disagreements.isEmpty else {
                    Issue.record("seed \(seed), step \(step): \(disagreements.joined(separator: "; "))\nlast edits: \(log.suffix(8).joined(separator: "; "))")
                    return
                }
            }
            for copy in copies {
                copy.snapshot._checkInvariants()
                let disagreements = copy.model.disagreements(with: copy.snapshot)
                if !disagreements.isEmpty {
                    Issue.record("seed \(seed): the copy of step \(copy.step) changed: \(disagreements.joined(separator: "; "))")
                    return
                }
            }
        }
    }
}
