/// Stops the program because of a programmer error, printing `message`.
///
/// `precondition` and `preconditionFailure` print nothing in optimized builds; the messages that
/// name the misused identifier, declaration or object must reach shipping apps too, as Apple's
/// do.
@usableFromInline
@inline(never)
package func programmerError(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}

/// Stops the program with `message` when `condition` is false: a precondition on how the API is
/// used whose message survives optimized builds.
@inline(__always)
package func programmerPrecondition(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() { programmerError(message(), file: file, line: line) }
}
