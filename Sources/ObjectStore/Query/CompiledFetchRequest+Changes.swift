extension CompiledFetchRequest {
    /// Whether `event` can change which objects the request selects, their order or their
    /// sections; false only when it certainly cannot, so that an observer skips it safely.
    ///
    /// An event can when it inserts or deletes an object of ``entity``, deletes an object the
    /// request reads through a relationship, changes a key the request reads on the entity it
    /// changed it on (``reads(_:of:)-(Set<String>,EntityDescription)``), replaces or invalidates
    /// the values of an object the request reads, or resets the context. A request that reads
    /// committed values (``valueSource`` `.committed`) skips unsaved changes; one that reads
    /// current values skips what its context's own save lists (it showed those changes already,
    /// as pending).
    ///
    /// - Complexity: O(objects the event lists).
    public func canChangeResults(_ event: ChangeEvent) -> Bool {
        if event.kind == .reset || event.kind == .resync { return true }
        switch valueSource {
        case .committed where !event.isSaved:
            return false
        case .current where event.kind == .save:
            break
        default:
            if event.insertedObjectIDs.contains(where: { $0.entity === entity }) { return true }
            if event.deletedObjectIDs.contains(where: { reads($0.entity) }) { return true }
            if event.updates.containsKeys(where: { reads($1, of: $0) }) { return true }
        }
        return event.refreshedObjectIDs.contains { reads($0.entity) } || event.invalidatedObjectIDs.contains { reads($0.entity) }
    }
}
