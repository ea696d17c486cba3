public import DiffableSnapshots
public import ObjectStore

/// Receives a controller's deliveries and, step by step, Core Data's classic change calls, on
/// the controller's context queue (the main actor for the view context).
///
/// For one step the controller calls, in order: ``controllerWillChangeContent(_:)``, then
/// ``controller(_:didChangeSection:atSectionIndex:for:)`` for each section change,
/// ``controller(_:didChange:at:for:newIndexPath:)`` and
/// ``controller(_:didChangeObject:at:for:newIndexPath:)`` for each object change (see
/// ``FetchedResultsChanges`` for the order and ``FetchedResultsObjectChange`` for the index
/// paths; implement the one that suits you), then ``controllerDidChangeContent(_:)``, then
/// ``controller(_:didChangeContentWith:)`` with the whole delivery. The first delivery (the fetch)
/// comes through ``controller(_:didChangeContentWith:)`` only. Every method has a default that
/// does nothing.
///
/// A main-actor model of a view-context controller conforms on the main actor, and starts each
/// apply from there, so that the applies keep the order of the deliveries:
///
/// ```swift
/// @MainActor final class EventsList: @MainActor FetchedResultsControllerDelegate {
///     let dataSource: DiffableDataSource<String, ObjectID>
///     var lastError: (any Error)?
///
///     init(dataSource: DiffableDataSource<String, ObjectID>) {
///         self.dataSource = dataSource
///     }
///
///     func controller(_ controller: FetchedResultsController<Event>, didChangeContentWith delivery: FetchedResultsDelivery<ObjectID>) {
///         Task {
///             do {
///                 try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
///                                            from: delivery.previousSnapshot)
///             } catch {
///                 lastError = error
///             }
///         }
///     }
/// }
/// ```
public protocol FetchedResultsControllerDelegate<ResultType, ItemIdentifierType>: AnyObject {
    /// The controller's result type.
    associatedtype ResultType: ManagedObject
    /// The controller's item identifier type.
    associatedtype ItemIdentifierType: Hashable & Sendable

    /// A delivery: the new snapshot, the batch update from the previous one, the classic changes.
    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeContentWith delivery: FetchedResultsDelivery<ItemIdentifierType>)
    /// A step of classic changes begins.
    func controllerWillChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>)
    /// An object entered, left, moved or changed in place (index paths as
    /// ``FetchedResultsObjectChange`` defines them).
    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChange objectID: ObjectID, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?)
    /// The same change with the object itself, as Core Data passes it: the instance of the
    /// controller's context, resolved when the call is made (a fault when the controller did not
    /// need its values, loading them on first access).
    ///
    /// For a `.delete`, the context's instance if it still holds one (an object deleted in this
    /// context), or nil when it has let the object go (a delete merged from another context):
    /// the object no longer exists, and making a fault of it would only leave a placeholder in
    /// the context that reads as defaults.
    ///
    /// ```swift
    /// func controller(_ controller: FetchedResultsController<Event>, didChangeObject event: Event?, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {
    ///     if type == .update, let event, let indexPath { configure(tableView.cellForRow(at: indexPath), with: event) }
    /// }
    /// ```
    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeObject object: ResultType?, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?)
    /// A section appeared (index in the new results) or disappeared (index in the old results).
    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeSection sectionName: String, atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)
    /// A step of classic changes ended.
    func controllerDidChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>)
    /// Following the change stream failed; the results stay as last delivered until the
    /// controller reads them again by itself, at the next change or a moment later.
    func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didFailWith error: FetchedResultsError)
}

extension FetchedResultsControllerDelegate {
    /// Does nothing.
    public func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeContentWith delivery: FetchedResultsDelivery<ItemIdentifierType>) {}
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>) {}
    /// Does nothing.
    public func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChange objectID: ObjectID, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {}
    /// Does nothing.
    public func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeObject object: ResultType?, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {}
    /// Does nothing.
    public func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didChangeSection sectionName: String, atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {}
    /// Does nothing.
    public func controllerDidChangeContent(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>) {}
    /// Does nothing.
    public func controller(_ controller: IdentifiedFetchedResultsController<ResultType, ItemIdentifierType>, didFailWith error: FetchedResultsError) {}
}
