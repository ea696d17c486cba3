public import Foundation

/// A position in a store's persistent history: the commit a ``HistoryTransaction`` recorded.
///
/// Tokens of one store order its commits (a later commit has a greater token), survive
/// relaunches (they are `Codable`: keep the last one you processed and resume with
/// ``ManagedObjectContext/fetchHistory(after:)``), and name their store, so a token of another
/// store is refused with ``ObjectStoreError/historyTokenOfAnotherStore(_:storeIdentifier:)``.
///
/// ```swift
/// let data = try JSONEncoder().encode(token)            // keep it
/// let token = try JSONDecoder().decode(HistoryToken.self, from: data)
/// let newer = try context.fetchHistory(after: token)
/// ```
public struct HistoryToken: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The store whose history the token is a position in.
    public let storeIdentifier: UUID
    /// The store generation the commit raised the store to (``StoreGeneration``): it grows by one
    /// per commit, so it orders the commits of one store.
    package let generation: Int64

    package init(storeIdentifier: UUID, generation: Int64) {
        self.storeIdentifier = storeIdentifier
        self.generation = generation
    }

    /// Orders tokens by commit (tokens of different stores, which do not compare meaningfully,
    /// are ordered by store identifier after that, to keep the order total).
    public static func < (lhs: HistoryToken, rhs: HistoryToken) -> Bool {
        if lhs.generation != rhs.generation { return lhs.generation < rhs.generation }
        return lhs.storeIdentifier.uuidString < rhs.storeIdentifier.uuidString
    }

    /// The commit number and the store.
    public var description: String {
        "history token \(generation) of store \(storeIdentifier.uuidString)"
    }
}
