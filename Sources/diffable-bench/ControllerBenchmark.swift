import ArgumentParser
import Foundation
import ObjectStore

/// `diffable-bench frc`: a fetched results controller following saves of a background context,
/// against refetching the request and diffing (what Apple's controller and naive code do).
struct ControllerBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frc",
        abstract: "Fetched results controller over 100k and 1M objects in 50 sections: time from a background save to the delivery, against refetch + diff.",
        discussion: """
            Cases: single-change-100k and single-change-1M (one object's sort key changed and saved), batch-100-1M \
            (100 mixed changes in one save), live-1M (100 saves per second for 10 seconds, each changing 1 to 5 \
            objects: p50_ms and p99_ms of save-to-delivery latency). The baseline refetches the request's IDs and \
            section keys on each merged save, builds the snapshot and diffs it against the previous one; it does not \
            mark updated objects, ours does.
            """
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Seconds the live case runs.")
    var liveSeconds = 10

    func run() throws {
        var report = BenchReport(json: options.json)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-frc-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        if options.includes("single-change-100k") {
            let pair = try StorePair(count: 100_000, directory: directory, name: "100k", baseline: !options.noBaseline)
            report.add(measure("single-change-100k", pair) { $0.saveRankChanges(1) })
        }
        let wantsMillion = ["single-change-1M", "batch-100-1M", "live-1M"].contains(where: options.includes)
        guard wantsMillion else { return }
        let pair = try StorePair(count: 1_000_000, directory: directory, name: "1M", baseline: !options.noBaseline)
        if options.includes("single-change-1M") {
            report.add(measure("single-change-1M", pair) { $0.saveRankChanges(1) })
        }
        if options.includes("batch-100-1M") {
            report.add(measure("batch-100-1M", pair) { $0.saveMixedBatch() })
        }
        if options.includes("live-1M") {
            report.add(live(pair))
        }
    }

    /// Save-to-delivery time of one change, ours and baseline taking turns: from the start of
    /// the save until the list reflects it (the delegate has the delivery; the refetch is done),
    /// as `live-1M` times each save. `turn_ms` is until the main queue's turn that delivered it
    /// ended, which also counts what the controller does after delivering (releasing the
    /// delivery two back, handing the delivery to its sequences).
    private func measure(_ caseName: String, _ pair: StorePair, change: @escaping (ListedStore) -> Void) -> BenchResult {
        var turns: [[Double]] = [[], []]
        func timing(_ store: ListedStore?, _ follower: (any ListFollower)?, side: Int) -> Timing {
            Timing.reporting {
                guard let store, let follower else { return 0 }
                // Earlier cases' saves are reflected already: wait for one more.
                let target = follower.reflected() + 1
                let start = ContinuousClock.now
                let startClock = BenchClock.now()
                change(store)
                waitUntil(follower, reflects: target)
                let turn = BenchClock.now() - startClock
                turns[side].append(turn)
                // With `--cpu-time` the turn's processor time is all there is to report.
                return BenchClock.measuresCPUTime ? turn : milliseconds(from: start, to: follower.reflectedAt[target - 1])
            }
        }
        let medians = options.compare(timing(pair.ours, pair.controller, side: 0), against: timing(pair.theirs, pair.refetch, side: 1))
        var result = BenchResult(
            bench: "frc", caseName: caseName, ids: pair.label, oursMilliseconds: medians.ours,
            baseline: "refetch IDs + section keys, diff", baselineMilliseconds: medians.baseline,
            note: "from the background save until the list reflects it (view context merged, delegate has the delivery); ours also marks updated objects; "
                + "until the delivering turn ended: ours \(formatted(median(turns[0]), decimals: 3)) ms"
                + (pair.theirs == nil ? "" : ", baseline \(formatted(median(turns[1]), decimals: 3)) ms"))
        result.extra = [("turn_ms", median(turns[0]))]
        if pair.theirs != nil { result.extra.append(("baseline_turn_ms", median(turns[1]))) }
        return result
    }

    /// 100 saves a second of 1 to 5 changed sort keys each, for `liveSeconds`; p50 and p99 of
    /// the time from each save to the delivery that reflects it.
    private func live(_ pair: StorePair) -> BenchResult {
        let ours = LiveRun(store: pair.ours, follower: pair.controller, seconds: liveSeconds).latencies()
        let baseline = pair.theirs.map { LiveRun(store: $0, follower: pair.refetch!, seconds: liveSeconds).latencies() }
        let note = "100 saves/s for \(liveSeconds) s, 1 to 5 sort keys each; ours p50 \(formatted(ours.p50, decimals: 3)) ms p99 \(formatted(ours.p99, decimals: 3)) ms"
            + (baseline.map { "; baseline (one refetch reflects every save merged meanwhile) p50 \(formatted($0.p50, decimals: 3)) ms p99 \(formatted($0.p99, decimals: 3)) ms" } ?? "")
            + "; goal p99 under 16 ms"
        var result = BenchResult(
            bench: "frc", caseName: "live-1M", ids: pair.label, oursMilliseconds: Measurement(exactly: ours.p99),
            baseline: "refetch IDs + section keys, diff", baselineMilliseconds: baseline.map { Measurement(exactly: $0.p99) }, note: note)
        result.extra = [("p50_ms", ours.p50), ("p99_ms", ours.p99)]
        if let baseline { result.extra += [("baseline_p50_ms", baseline.p50), ("baseline_p99_ms", baseline.p99)] }
        return result
    }
}

/// Two identical stores: one followed by a controller, one by refetching.
private struct StorePair {
    let label: String
    let ours: ListedStore
    let controller: ControllerFollower
    let theirs: ListedStore?
    let refetch: RefetchFollower?

    init(count: Int, directory: URL, name: String, baseline: Bool) throws {
        label = name
        ours = try ListedStore(url: directory.appendingPathComponent("ours-\(name).sqlite"), count: count)
        controller = try ControllerFollower(store: ours)
        theirs = baseline ? try ListedStore(url: directory.appendingPathComponent("theirs-\(name).sqlite"), count: count) : nil
        refetch = theirs.map(RefetchFollower.init)
    }
}
