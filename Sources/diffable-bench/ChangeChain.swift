import DiffableSnapshots
import SeededRandom

/// Successive small changes to a one-section list, as a fetched results controller delivers
/// them: each snapshot differs from the one before by 1 to 10 items deleted, inserted, moved or
/// reconfigured, and comes with the batch update from it.
///
/// A chain holds `links + 1` snapshots; ``step(_:)`` walks it forth and back, so that any number
/// of successive changes can be applied from a chain that fits in memory (each snapshot of 100k
/// items takes a few megabytes).
struct ChangeChain {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    let snapshots: [Snapshot]
    /// `forward[i]` turns `snapshots[i]` into `snapshots[i + 1]`; `backward[i]` the reverse.
    let forward: [BatchUpdate]
    let backward: [BatchUpdate]

    init(rows: Int, links: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var items = Array(0..<rows)
        var nextItem = rows
        var snapshots = [Self.snapshot(items, reconfigured: [])]
        for _ in 0..<links {
            var reconfigured: [Int] = []
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    items.remove(at: Int.random(in: 0..<items.count, using: &random))
                case 1:
                    items.insert(nextItem, at: Int.random(in: 0...items.count, using: &random))
                    nextItem += 1
                case 2:
                    let moved = items.remove(at: Int.random(in: 0..<items.count, using: &random))
                    items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
                default:
                    reconfigured.append(items[Int.random(in: 0..<items.count, using: &random)])
                }
            }
            snapshots.append(Self.snapshot(items, reconfigured: reconfigured))
        }
        self.snapshots = snapshots
        forward = (0..<links).map { BatchUpdate(from: snapshots[$0], to: snapshots[$0 + 1]) }
        backward = (0..<links).map { BatchUpdate(from: snapshots[$0 + 1], to: snapshots[$0]) }
    }

    private static func snapshot(_ items: [Int], reconfigured: [Int]) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        snapshot.reconfigureItems(reconfigured.filter { snapshot.indexOfItem($0) != nil })
        return snapshot
    }

    /// Change number `index` of the walk: the snapshot it starts from, the one it leads to, and
    /// the batch update between them.
    func step(_ index: Int) -> (from: Snapshot, to: Snapshot, update: BatchUpdate) {
        let links = forward.count
        let phase = index % (2 * links)
        if phase < links {
            return (snapshots[phase], snapshots[phase + 1], forward[phase])
        }
        let link = 2 * links - phase - 1
        return (snapshots[link + 1], snapshots[link], backward[link])
    }
}
