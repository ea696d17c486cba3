/// Stops the program because of a programmer error, printing `message`.
///
/// `precondition` and `preconditionFailure` print nothing in optimized builds; messages that name
/// what was wrong must reach shipping apps too.
@usableFromInline
@inline(never)
func programmerError(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
