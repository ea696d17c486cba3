extension BatchCommit {
    /// Computes the derived attributes the batch's rows reach, as a save's commit does, with the
    /// statements of `writer` in the batch's transaction. A batch update request's rows
    /// (``attributeUpdates``) never reach one: the request refuses the attributes derived
    /// attributes read.
    package mutating func refreshDerivedValues(writer: some CommitRowWriter) throws {
        guard attributeUpdates == nil else { return }
        var derived = DerivedRefresh(batch: batch, outcome: outcome)
        try derived.apply(to: &outcome, writer: writer)
    }
}
