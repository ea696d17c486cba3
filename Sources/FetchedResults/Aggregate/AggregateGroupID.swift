import ObjectStore

/// The identifier of one group of a ``FetchedAggregateController``: the values of its grouped
/// keys. Two deliveries name the same group with equal identifiers, so a list keeps the group's
/// row while its values change.
public struct AggregateGroupID: Hashable, Sendable, Comparable, CustomStringConvertible {
    let key: GroupKey

    /// Groups in ascending order of their grouped keys, as the store orders values.
    public static func < (lhs: AggregateGroupID, rhs: AggregateGroupID) -> Bool {
        lhs.key < rhs.key
    }

    /// The grouped keys' values, comma-separated (`Football`, `nil`).
    public var description: String {
        key.values.map { $0.isNull ? "nil" : "\($0)" }.joined(separator: ", ")
    }
}
