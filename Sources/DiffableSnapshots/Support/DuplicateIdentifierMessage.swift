/// The message for an identifier added twice: already present, or repeated in the call.
@usableFromInline
@inline(never)
func duplicateIdentifierMessage(
    _ caller: StaticString,
    kind: String,
    _ identifier: some Any,
    repeatedInCall: Bool,
    container: String
) -> String {
    "\(caller): \(kind) identifier \(String(reflecting: identifier)) "
        + (repeatedInCall ? "appears more than once in the \(kind)s passed" : "is already in the \(container)")
        + "; \(kind) identifiers must be unique"
}
