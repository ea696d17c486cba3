/// What a batch operation wrote, in the form a save's commit takes: the rows and links as a
/// ``CommitBatch`` and what happened to each as its ``CommitOutcome``, so that its history
/// transaction and its change set are recorded exactly as a save's are; or, for a batch update,
/// as ``AttributeUpdates`` (the same changes, listed without per-row copies).
package struct BatchCommit {
    var batch = CommitBatch()
    var outcome = CommitOutcome()
    var attributeUpdates: AttributeUpdates?
}
