public import DiffableSnapshots

extension ObservedResults where Source: FetchedObjectsSource {
    /// The sections of the results, in order, as of the last delivery (none before the first).
    public var sections: [FetchedResultsSectionInfo<Source.ResultType>] {
        guard delivery != nil else { return [] }
        return source.sections ?? []
    }

    /// The objects of the results, in order, as of the last delivery (none before the first).
    ///
    /// - Complexity: materialises every object; prefer ``object(at:)`` and the ``snapshot`` for
    ///   large results.
    public var objects: [Source.ResultType] {
        guard delivery != nil else { return [] }
        return source.fetchedObjects ?? []
    }

    /// The object at `indexPath` of the last delivery's snapshot, loading the objects near it
    /// with it when it is not loaded yet.
    public func object(at indexPath: ItemPath) -> Source.ResultType {
        _ = delivery
        return source.object(at: indexPath)
    }
}
