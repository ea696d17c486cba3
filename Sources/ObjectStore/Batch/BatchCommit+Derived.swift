extension BatchCommit {
    /// Computes the derived attributes the batch's rows reach, as a save's commit does, with the
    /// statements of `writer` in the batch's transaction. A batch update request's derived changes
    /// join its ``attributeUpdates`` as groups of their own.
    package mutating func refreshDerivedValues(writer: some CommitRowWriter) throws {
        guard var updates = attributeUpdates else {
            var derived = DerivedRefresh(batch: batch, outcome: outcome)
            try derived.apply(to: &outcome, writer: writer)
            return
        }
        guard updates.entity.isReadByDerivations else { return }
        var derived = try DerivedRefresh(updates: updates, rows: writer)
        try derived.apply(to: &outcome, writer: writer)
        updates.takeDerivedValues(outcome.derivedUpdates)
        outcome.derivedUpdates = []
        attributeUpdates = updates
    }
}
