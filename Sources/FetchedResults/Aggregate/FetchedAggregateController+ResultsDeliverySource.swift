import DiffableSupport
public import ObjectStore

extension FetchedAggregateController: ResultsDeliverySource {
    /// Calls `receive` with the controller's last delivery, if any, at once, then with each
    /// delivery as the controller makes it, in the same turn of the main queue: what
    /// ``ObservedResults`` follows.
    ///
    /// - Precondition: the controller's context runs on the main queue (the view context).
    @MainActor
    public func followDeliveries(_ receive: @escaping @MainActor @Sendable (AggregateDelivery) -> Void) -> ObservationToken {
        programmerPrecondition(managedObjectContext.concurrency == .mainQueue, "The aggregate controller's context, \(managedObjectContext.identifier), runs on a private queue, so its groups cannot be observed on the main actor; observe a controller of the view context (or of another main-queue context).")
        let token = followers.add { delivery in
            MainActor.assumeIsolated { receive(delivery) }
        }
        if let last = streams.last { receive(last) }
        return token
    }
}
