extension ManagedObjectContext {
    /// The history transactions the consumer has not processed yet, oldest first, at most
    /// `limit` of them (nil for no limit): those after its position, or all the history kept for
    /// a consumer the store does not know yet.
    ///
    /// Reading does not move the consumer: mark what you processed with
    /// ``markHistoryProcessed(through:for:)``.
    ///
    /// - Throws: ``ObjectStoreError/historyExpired(token:oldest:)`` when transactions after the
    ///   consumer's position were purged (it was silent for longer than
    ///   ``StoreDescription/historyRetention``): read the store afresh and mark the
    ///   ``PersistentContainer/currentHistoryToken``; or an I/O error.
    public func fetchHistory(for consumer: HistoryConsumer, limit: Int? = nil) throws(ObjectStoreError) -> [HistoryTransaction] {
        let store = core.store
        let cursor = try store.cursor(of: consumer.name)
        return try store.history(after: cursor.map { HistoryToken(storeIdentifier: store.identifier, generation: $0) }, limit: limit, author: .any)
    }

    /// Records that `consumer` has processed the history through `token` (a position never moves
    /// back), and that it is live: the store keeps what comes after for it.
    ///
    /// - Throws: ``ObjectStoreError/historyTokenOfAnotherStore(_:storeIdentifier:)`` for a token
    ///   of another store, or an I/O error.
    public func markHistoryProcessed(through token: HistoryToken, for consumer: HistoryConsumer) throws(ObjectStoreError) {
        try core.store.checkOwn(token)
        try core.store.setCursor(of: consumer.name, to: token.generation)
    }

    /// How far `consumer` has processed the history, or nil for a consumer the store does not
    /// know.
    ///
    /// - Throws: An I/O error.
    public func historyPosition(of consumer: HistoryConsumer) throws(ObjectStoreError) -> HistoryToken? {
        let store = core.store
        return try store.cursor(of: consumer.name).map { HistoryToken(storeIdentifier: store.identifier, generation: $0) }
    }

    /// Forgets `consumer`: the history it had not processed is no longer kept for it.
    ///
    /// - Throws: An I/O error.
    public func removeHistoryConsumer(_ consumer: HistoryConsumer) throws(ObjectStoreError) {
        try core.store.removeConsumer(consumer.name)
    }
}
