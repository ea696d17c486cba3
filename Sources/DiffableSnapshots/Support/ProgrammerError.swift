/// Stops the program because of a programmer error, printing `message`.
///
/// `precondition` and `preconditionFailure` print nothing in optimized builds; the messages that
/// name the offending identifier must reach shipping apps too, as Apple's do.
@usableFromInline
@inline(never)
func programmerError(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}

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
