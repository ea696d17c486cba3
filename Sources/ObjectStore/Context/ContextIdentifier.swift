/// Names a context in change sets and notices without holding on to it.
public struct ContextIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// Unique per context in the process.
    public let number: Int
    /// The context's name at creation, if any.
    public let name: String?

    /// The name and number.
    public var description: String {
        "context #\(number)" + (name.map { " (\($0))" } ?? "")
    }
}
