/// What a batch operation wrote, in the form a save's commit takes: the rows and links as a
/// ``CommitBatch`` and what happened to each as its ``CommitOutcome``, so that its history
/// transaction and its change set are recorded exactly as a save's are; or, for a batch update,
/// as ``AttributeUpdates`` (the same changes, listed without per-row copies, with the derived
/// values the update changed).
package struct BatchCommit {
    package var batch = CommitBatch()
    package var outcome = CommitOutcome()
    package var attributeUpdates: AttributeUpdates?

    package init() {}

    /// The encoded changes of the commit's history transaction: a batch update's rows listed
    /// from its groups, any other operation's as a save's are recorded.
    package func historyChanges(entityBindings: [EntityBinding]) throws -> [UInt8] {
        guard let updates = attributeUpdates else {
            return try HistoryChangeCoding.encode(batch, outcome: outcome, entityBindings: entityBindings)
        }
        return HistoryChangeCoding.encode(updates.historyRows { ObjectID(binding: entityBindings[$0.index], key: $1) })
    }
}
