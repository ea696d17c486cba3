public import ObjectStore

extension ObservedResults {
    /// The results of `fetchRequest` in `context`, a main-queue context (the view context), kept
    /// up to date: a new controller, fetched at once and followed for as long as the results live
    /// (SwiftData's `@Query` in one line).
    ///
    /// ```swift
    /// var request = FetchRequest<Event>()
    /// request.sortDescriptors = [FetchSortDescriptor(\.start)]
    /// let events = try ObservedResults(fetchRequest: request, context: container.viewContext)
    /// events.objects.map(\.title)
    /// ```
    ///
    /// - Parameters:
    ///   - fetchRequest: The request; it needs a sort descriptor, and with a section key path
    ///     its first sort descriptor orders by that key.
    ///   - context: The context to fetch from and follow; it runs on the main queue.
    ///   - sectionNameKeyPath: The key whose value names each object's section (nil: one
    ///     section named `""`).
    /// - Throws: ``FetchedResultsError`` when the request cannot be used or the fetch fails.
    public convenience init<ResultType>(fetchRequest: FetchRequest<ResultType>, context: ManagedObjectContext, sectionNameKeyPath: String? = nil) throws(FetchedResultsError)
    where Source == FetchedResultsController<ResultType> {
        let controller = FetchedResultsController(fetchRequest: fetchRequest, managedObjectContext: context, sectionNameKeyPath: sectionNameKeyPath)
        try controller.performFetch()
        self.init(controller)
    }
}
