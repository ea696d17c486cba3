import DiffableSupport
import Foundation
import ObjectStore

extension StoreBenchmark {
    /// `change-event-1k`: 1,000 loaded objects updated and saved on a background context, timed
    /// until the view context (which shows the same objects) has merged the save and its change
    /// stream has delivered the merge event. Baseline: the same save on a store that nobody merges
    /// or observes.
    func measureChangeEvent(count: Int, url: (String) -> URL) throws -> BenchResult {
        let observed = try PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(url("observed"))))
        let plain = try PersistentContainer(name: "Bench", model: BenchModel.model, store: StoreDescription(location: .file(url("plain"))))
        let ours = try ChangeEventWriter(container: observed, count: count)
        let baseline = try ChangeEventWriter(container: plain, count: count)
        // The view context shows the objects, as a list would, and observes its stream.
        let view = observed.viewContext
        let shown = try view.fetch(BenchItem.self)
        let delivered = DeliveredFlag()
        let token = view.addChangeObserver { event in
            if event.kind == .merge { delivered.raise() }
        }
        let medians = options.compare(
            Timing {
                ours.saveChanges()
                // The merge runs on the main queue, which this thread serves while it waits.
                while !delivered.take() {
                    _ = RunLoop.main.run(mode: .default, before: .distantFuture)
                }
                return shown.count
            },
            against: Timing { baseline.saveChanges() }
        )
        token.cancel()
        return BenchResult(
            bench: "store", caseName: "change-event-1k", oursMilliseconds: medians.ours,
            baseline: "same save, nobody merging", baselineMilliseconds: medians.baseline,
            note: "ours also merges the \(count) updates into the view context (which shows them) and delivers the merge event to an observer; goal ours ≤ 1.5× baseline")
    }
}

/// A background context holding `count` saved objects, changing all of them per save.
final class ChangeEventWriter {
    private let context: ManagedObjectContext
    private let items: [BenchItem]
    private var round = 0

    init(container: PersistentContainer, count: Int) throws {
        context = container.newBackgroundContext()
        let context = context
        items = try context.performAndWait { () throws(ObjectStoreError) -> [BenchItem] in
            for index in 0..<count {
                BenchModel.fill(try context.insert(BenchItem.self), index: index)
            }
            try context.save()
            return Array(try context.fetch(BenchItem.self))
        }
    }

    /// Gives every object a new score and saves.
    func saveChanges() {
        round += 1
        let score = Double(round)
        context.performAndWait {
            for item in items { item.score = score }
            try! context.save()
        }
    }
}

/// Raised by the view context's observer, taken by the benchmark thread.
private final class DeliveredFlag: Sendable {
    private let raised = Locked(false)

    func raise() {
        raised.withLock { $0 = true }
    }

    /// Whether the flag was raised; lowers it.
    func take() -> Bool {
        raised.withLock { raised in
            defer { raised = false }
            return raised
        }
    }
}
