/// Deletes every object a fetch request selects, in the store, with a handful of SQL statements
/// and no object loaded: Core Data's `NSBatchDeleteRequest`.
///
/// The entities' delete rules hold as they do for a save: cascade deletes the related rows too,
/// nullify clears the keys and links that pointed at the deleted rows, and deny fails the whole
/// request, naming the object, while a relationship with that rule still points at a row the
/// request keeps. Unlike Core Data's, the delete is a commit like any save: one history
/// transaction, and one change set merged into every context that merges, so the controllers
/// showing those objects deliver the change.
///
/// ```swift
/// var finished = FetchRequest<Match>()
/// finished.predicate = try FetchPredicate(format: "isLive == NO")
/// let result = try context.execute(BatchDeleteRequest(finished))
/// print(result.count, "matches deleted,", result.cascadedObjectIDs.count, "related objects with them")
/// ```
public struct BatchDeleteRequest<Entity: ManagedObject>: Sendable {
    /// The objects to delete: those the request selects, within its limit and offset (its sort
    /// decides which when it has a limit).
    public var fetchRequest: FetchRequest<Entity>

    /// A request that deletes the objects `fetchRequest` selects.
    public init(_ fetchRequest: FetchRequest<Entity>) {
        self.fetchRequest = fetchRequest
    }

    /// A request that deletes the objects `predicate` selects (all of the entity's for nil).
    public init(predicate: FetchPredicate<Entity>?) {
        var fetchRequest = FetchRequest<Entity>()
        fetchRequest.predicate = predicate
        self.fetchRequest = fetchRequest
    }
}
