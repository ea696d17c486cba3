public import ObjectStore

extension SnapshotComposer: ResultsDeliverySource {
    /// Calls `receive` with the composer's last composition, if any, at once, then with each
    /// composition after it, in order, in a main-actor task: what ``ObservedResults`` follows.
    @MainActor
    public func followDeliveries(_ receive: @escaping @MainActor @Sendable (SnapshotComposition<SectionIdentifierType, ItemIdentifierType>) -> Void) -> ObservationToken {
        let (last, stream) = compositionStreams.makeStreamFromLast()
        if let last { receive(last) }
        let task = Task { @MainActor in
            for await composition in stream { receive(composition) }
        }
        return ObservationToken { task.cancel() }
    }
}
