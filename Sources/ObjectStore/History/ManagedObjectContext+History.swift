extension ManagedObjectContext {
    /// The store's history transactions after `token`, oldest first: every commit since the one
    /// `token` names (all the history kept, for nil).
    ///
    /// Keep the ``HistoryTransaction/token`` of the last transaction you processed (tokens are
    /// `Codable`) and pass it next time to read only what came since, from this process and
    /// others. The history is read from the store in one read transaction, not from this
    /// context's objects; a child context reads its store's history.
    ///
    /// ```swift
    /// let transactions = try context.fetchHistory(after: lastToken)
    /// for change in transactions.flatMap(\.changes) where change.changeType == .delete {
    ///     print("deleted", change.changedObjectID, change.tombstone ?? [:])
    /// }
    /// lastToken = transactions.last?.token ?? lastToken
    /// ```
    ///
    /// - Throws: ``ObjectStoreError/historyTokenOfAnotherStore(_:storeIdentifier:)`` for a token
    ///   of another store; ``ObjectStoreError/historyExpired(token:oldest:)`` when transactions
    ///   after `token` were purged (``deleteHistory(before:)``), so what came since can no longer
    ///   all be read; or an I/O error.
    public func fetchHistory(after token: HistoryToken?) throws(ObjectStoreError) -> [HistoryTransaction] {
        try core.store.history(after: token, limit: nil, author: .any)
    }

    /// The store's history transactions after `token`, oldest first, at most `limit` of them
    /// (nil for no limit), of the authors `author` selects (``transactionAuthor``).
    ///
    /// Read a long history in pages by passing the last token of one page to the next call.
    ///
    /// - Throws: As ``fetchHistory(after:)``.
    public func fetchHistory(after token: HistoryToken?, limit: Int?, author: HistoryAuthorFilter = .any) throws(ObjectStoreError) -> [HistoryTransaction] {
        try core.store.history(after: token, limit: limit, author: author)
    }

    /// Removes the history transactions older than `token` (the one `token` names is kept).
    ///
    /// Afterwards, ``fetchHistory(after:)`` with a token older than the newest removed
    /// transaction throws ``ObjectStoreError/historyExpired(token:oldest:)``: whoever held such
    /// a token missed commits and must refetch.
    ///
    /// - Throws: ``ObjectStoreError/historyTokenOfAnotherStore(_:storeIdentifier:)`` for a token
    ///   of another store, or an I/O error.
    public func deleteHistory(before token: HistoryToken) throws(ObjectStoreError) {
        try core.store.deleteHistory(before: token)
    }
}
