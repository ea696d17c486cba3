extension DiffableDataSourceSectionSnapshot: Equatable {
    /// Two section snapshots are equal when they hold the same items in the same hierarchy and
    /// order, with the same items expanded (leaves included).
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var lhsSlots: [Int32] = []
        lhsSlots.reserveCapacity(lhs.count)
        lhs.walk(0..<lhs.count) { slot in
            lhsSlots.append(slot)
            return .max
        }
        var position = 0
        var equal = true
        rhs.walk(0..<rhs.count) { slot in
            let left = Int(lhsSlots[position])
            let right = Int(slot)
            guard
                lhs.nodes[left].level == rhs.nodes[right].level,
                lhs.nodes[left].isExpanded == rhs.nodes[right].isExpanded,
                lhs.nodes[left].item == rhs.nodes[right].item
            else {
                equal = false
                return -1  // below every level: ends the walk
            }
            position += 1
            return .max
        }
        return equal
    }
}
