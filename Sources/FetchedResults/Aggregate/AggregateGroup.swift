/// One group of a ``FetchedAggregateController``: its identifier and its values, the grouped
/// keys' and the computed columns', by the names of `FetchRequest.propertiesToFetch`.
///
/// ```swift
/// let football = controller.groups?.first { $0["sport.name"] as? String == "Football" }
/// let liveCount = football?.value("n", as: Int.self)
/// ```
public struct AggregateGroup: Sendable, CustomStringConvertible {
    /// The group's identifier (the item of the controller's snapshot).
    public let id: AggregateGroupID
    /// Column name to value; nil values are left out, as in a dictionary fetch.
    public let values: [String: any Sendable]

    /// The value of the column `name`, or nil.
    public subscript(name: String) -> (any Sendable)? {
        values[name]
    }

    /// The value of the column `name` as a `Value`, or nil when it is nil or of another type.
    public func value<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        values[name] as? Value
    }

    /// `name: value` pairs in name order.
    public var description: String {
        values.keys.sorted().map { "\($0): \(values[$0]!)" }.joined(separator: ", ")
    }
}
