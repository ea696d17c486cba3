import DiffableSnapshots
import TestSupport
import Testing

/// Expects `update` to be rejected between `old` and `new`: `validate(from:to:)` throws the first
/// of `expected` and `validationErrors(from:to:)` lists exactly `expected`.
func expectRejected<S, I>(
    _ update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<S, I>,
    to new: DiffableDataSourceSnapshot<S, I>,
    with expected: [BatchUpdateError],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try update.validate(from: old, to: new)
        Issue.record("update \(update) was accepted; expected \(expected.first.map(String.init(describing:)) ?? "")", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected.first, sourceLocation: sourceLocation)
    }
    #expect(update.validationErrors(from: old, to: new) == expected, sourceLocation: sourceLocation)
}

/// Expects `update` to be accepted between `old` and `new`, and applying it with the reference
/// model to give exactly `new`'s identifiers.
func expectAccepted<S, I>(
    _ update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<S, I>,
    to new: DiffableDataSourceSnapshot<S, I>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try update.validate(from: old, to: new) }
    #expect(update.validationErrors(from: old, to: new) == [], sourceLocation: sourceLocation)
    let applied = referenceApply(update, old, new)
    let expected = layout(of: new)
    #expect(applied.sections == expected.sections && applied.items == expected.items, sourceLocation: sourceLocation)
}
