import Foundation

/// Each save of the pipeline's live runs (ours), phase by phase, as CSV rows: how long the
/// writer's save took, how long the merge then took to reach the view context's observers,
/// how long the controllers took to deliver, and how long composing and applying took after.
struct PipelineTrace {
    private var rows = ["case,run,save,changes,save_ms,merge_wait_ms,controllers_ms,compose_apply_ms,total_ms"]

    /// Adds the saves of one run; `mergeMoments` holds the follower's moments by merged save
    /// since it was created (the run's first save is `record.first`).
    mutating func add(_ caseName: String, run: Int, _ record: LiveRunRecord, mergeMoments: [(heard: ContinuousClock.Instant, delivered: ContinuousClock.Instant)]) {
        for save in record.starts.indices where record.first + save < mergeMoments.count {
            let (heard, delivered) = mergeMoments[record.first + save]
            let phases = [
                milliseconds(from: record.starts[save], to: record.ends[save]),
                milliseconds(from: record.ends[save], to: heard),
                milliseconds(from: heard, to: delivered),
                milliseconds(from: delivered, to: record.reflected[save]),
                milliseconds(from: record.starts[save], to: record.reflected[save]),
            ]
            rows.append("\(caseName),\(run),\(save),\(record.changes[save])," + phases.map { formatted($0, decimals: 3) }.joined(separator: ","))
        }
    }

    func write(to url: URL) throws {
        try (rows.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
