extension PersistentContainer {
    /// The token of the store's newest tracked commit, from any context or process; nil before
    /// the first one. Read it to start following the history from now on.
    ///
    /// - Throws: An I/O error of reading the store.
    public var currentHistoryToken: HistoryToken? {
        get throws(ObjectStoreError) { try core.store.currentHistoryToken() }
    }
}
