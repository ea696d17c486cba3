import DiffableSupport

/// The message for an identifier added twice: already present, or repeated in the call.
@usableFromInline
@inline(never)
func duplicateIdentifierMessage(
    _ caller: StaticString,
    kind: String,
    _ identifier: some Any,
    repeatedInCall: Bool,
    container: String,
    rule: String = "must be unique"
) -> String {
    let name = "\(kind) identifier \(String(reflecting: identifier))"
    return (repeatedInCall
        ? "\(sentenceStart(name)) appears more than once in the \(kind)s passed to \(caller)"
        : "\(sentenceStart(name)), passed to \(caller), is already in the \(container)")
        + "; \(kind) identifiers \(rule)."
}
