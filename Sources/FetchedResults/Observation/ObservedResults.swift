public import DiffableSnapshots
import ObjectStore
public import Observation

/// A list source's results for Observation-based UI code (SwiftUI, `withObservationTracking`):
/// the last delivery's snapshot and, for a fetched results controller, its sections and objects,
/// changed on the main actor once per delivery.
///
/// It follows any ``ResultsDeliverySource``: a ``FetchedResultsController`` of the view context
/// (changed in the same main-queue turn as the controller's delivery), or a
/// ``SnapshotComposer`` (changed in a main-actor task per composition).
///
/// ```swift
/// let controller = FetchedResultsController(fetchRequest: request,
///                                           managedObjectContext: container.viewContext)
/// try controller.performFetch()
/// let results = ObservedResults(controller)
///
/// withObservationTracking {
///     show(results.objects.map(\.title))   // read again at the next delivery
/// } onChange: {
///     Task { @MainActor in refresh() }
/// }
/// ```
///
/// Reading any of its members tracks the delivery: a tracking scope that read it is told once per
/// delivery, whatever it read. Each object is observable on its own too (see `ManagedObject`): a
/// row that reads an object's `title` is told when that title changes, while the list is told
/// only when the results change.
@MainActor
public final class ObservedResults<Source: ResultsDeliverySource>: Observable {
    /// The type of the list's section identifiers.
    public typealias SectionIdentifierType = Source.Delivery.SectionIdentifierType
    /// The type of the list's item identifiers.
    public typealias ItemIdentifierType = Source.Delivery.ItemIdentifierType

    /// The source followed.
    public let source: Source
    private var current: Source.Delivery?
    private let registrar = ObservationRegistrar()
    private var following: ObservationToken?

    /// Results that follow `source` from its last delivery on, for as long as they live.
    public init(_ source: Source) {
        self.source = source
        following = source.followDeliveries { [weak self] delivery in
            self?.receive(delivery)
        }
    }

    /// The last delivery taken in; nil before the source's first.
    public var delivery: Source.Delivery? {
        registrar.access(self, keyPath: \.delivery)
        return current
    }

    /// The last delivery's snapshot (empty before the first).
    public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        delivery?.snapshot ?? DiffableDataSourceSnapshot()
    }

    /// The number of deliveries the source has made up to the last one taken in (0 before the
    /// first).
    public var generation: Int {
        delivery?.generation ?? 0
    }

    /// Takes in a delivery newer than the current one: one change for observers.
    private func receive(_ delivery: Source.Delivery) {
        guard delivery.generation > current?.generation ?? 0 else { return }
        registrar.withMutation(of: self, keyPath: \.delivery) {
            current = delivery
        }
    }
}
