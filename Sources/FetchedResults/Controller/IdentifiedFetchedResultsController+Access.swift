public import DiffableSnapshots
public import ObjectStore

extension IdentifiedFetchedResultsController {
    /// The results' object IDs in order; nil before ``performFetch()``. Materialises nothing.
    ///
    /// - Complexity: O(*n*): an array is built on each call.
    public var fetchedObjectIDs: [ObjectID]? {
        assertOnContextQueue()
        guard compiled != nil else { return nil }
        return results.sections.flatMap { $0.entries.map(\.objectID) }
    }

    /// The results' objects in order; nil before ``performFetch()``.
    ///
    /// - Complexity: materialises every object (one query per 500 not loaded yet): prefer
    ///   ``object(at:)`` and the delivered snapshots for large results.
    public var fetchedObjects: [ResultType]? {
        assertOnContextQueue()
        guard let ids = fetchedObjectIDs else { return nil }
        managedObjectContext.loadObjects(ids)
        return ids.map { unsafeDowncast(managedObjectContext.object(with: $0), to: ResultType.self) }
    }

    /// The sections of the results, in order; nil before ``performFetch()``. Without a section key
    /// path there is one section named `""` (none when the results are empty).
    ///
    /// - Complexity: O(*n*) to list every section's object IDs; no object is materialised.
    public var sections: [FetchedResultsSectionInfo<ResultType>]? {
        assertOnContextQueue()
        guard compiled != nil else { return nil }
        return results.sections.map { section in
            FetchedResultsSectionInfo(name: section.name, indexTitle: sectionIndexTitle(forSectionName: section.name), objectIDs: section.entries.map(\.objectID), context: managedObjectContext)
        }
    }

    /// The last delivered snapshot (empty before ``performFetch()``).
    public var snapshot: DiffableDataSourceSnapshot<String, ItemIdentifierType> {
        assertOnContextQueue()
        return delivered
    }

    /// The object at `indexPath`, loading the objects near it (``prefetchRadius`` on each side)
    /// in the same query when it is not loaded yet.
    ///
    /// - Precondition: `indexPath` is in the results (a path from a delivered snapshot or the
    ///   classic changes); otherwise this traps, naming the path.
    public func object(at indexPath: ItemPath) -> ResultType {
        assertOnContextQueue()
        precondition(indexPath.section >= 0 && indexPath.section < results.sections.count, "The index path \(indexPath), passed to object(at:), names section \(indexPath.section), but the results have \(results.sections.count) sections; pass a path of the current results.")
        let entries = results.sections[indexPath.section].entries
        precondition(indexPath.item >= 0 && indexPath.item < entries.count, "The index path \(indexPath), passed to object(at:), names item \(indexPath.item), but section \(indexPath.section) of the results has \(entries.count) objects; pass a path of the current results.")
        let id = entries[indexPath.item].objectID
        if !managedObjectContext.hasLoadedObject(with: id) {
            let radius = settings.prefetchRadius
            let range = max(0, indexPath.item - radius)..<min(entries.count, indexPath.item + radius + 1)
            managedObjectContext.loadObjects(range.map { entries[$0].objectID })
        }
        return unsafeDowncast(managedObjectContext.object(with: id), to: ResultType.self)
    }

    /// The index path of `object` in the results, or nil when it is not among them.
    ///
    /// - Complexity: one snapshot lookup, O(log *n*).
    public func indexPath(forObject object: ResultType) -> ItemPath? {
        assertOnContextQueue()
        return itemAndPath(of: object.objectID)?.path
    }

    /// The index path of the item with `identifier`, or nil when it is not among the results.
    public func indexPath(forItemIdentifier identifier: ItemIdentifierType) -> ItemPath? {
        assertOnContextQueue()
        return path(ofItem: identifier)
    }

    /// The index title of each section, in section order, each once.
    public var sectionIndexTitles: [String] {
        assertOnContextQueue()
        var seen: Set<String> = []
        var titles: [String] = []
        for section in results.sections {
            guard let title = sectionIndexTitle(forSectionName: section.name), seen.insert(title).inserted else { continue }
            titles.append(title)
        }
        return titles
    }

    /// The index of the first section whose index title is `title`; when none has it, the
    /// section that `sectionIndex` (a position in ``sectionIndexTitles``) names, clamped to the
    /// sections.
    public func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        assertOnContextQueue()
        for (index, section) in results.sections.enumerated() where sectionIndexTitle(forSectionName: section.name) == title {
            return index
        }
        return max(0, min(sectionIndex, results.sections.count - 1))
    }

    /// The index title of a section: ``sectionIndexTitleProvider``'s answer, or by default the
    /// capitalised first letter of its name (nil for the unnamed section).
    public func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        assertOnContextQueue()
        if let sectionIndexTitleProvider { return sectionIndexTitleProvider(sectionName) }
        return sectionName.first.map { String($0).uppercased() }
    }

    /// A new asynchronous sequence of the controller's deliveries: the last one so far first,
    /// when there is one (from ``performFetch()`` on), then every delivery after it, with no gap
    /// and no repeat (buffered without limit, so none is missed). Call it from any thread, before
    /// or after the fetch, and iterate it on any actor; it ends when the controller is released.
    ///
    /// Its first delivery is the results as they are when it is made, carrying the snapshot
    /// before them in ``FetchedResultsDelivery/previousSnapshot``. A data source that shows
    /// nothing yet reloads on the first apply, then performs each batch update as it comes:
    ///
    /// ```swift
    /// try controller.performFetch()
    /// for await delivery in controller.deliveries() {   // the fetch, then every change
    ///     try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
    ///                                from: delivery.previousSnapshot)
    /// }
    /// ```
    public func deliveries() -> AsyncStream<FetchedResultsDelivery<ItemIdentifierType>> {
        streams.makeStream()
    }

    /// The last delivery so far (nil before the first ``performFetch()``) and the sequence of
    /// the deliveries after it, with no gap and no repeat, from any thread: how a composer's
    /// slot starts from the controller's results at once, where ``deliveries()`` would hand
    /// them over only when its sequence is iterated.
    func deliveriesFromLast() -> (last: FetchedResultsDelivery<ItemIdentifierType>?, stream: AsyncStream<FetchedResultsDelivery<ItemIdentifierType>>) {
        streams.makeStreamFromLast()
    }
}
