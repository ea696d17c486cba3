package import GRDB

/// One term of the order of a grouped fetch's rows (a ``FetchRequest/sortDescriptors`` entry
/// resolved against the output columns): the column, the direction and the comparison.
package struct GroupOrder: Sendable {
    /// The index of the output column (``GroupedQuery/columns``).
    package var column: Int
    package var ascending: Bool
    package var collation: SortCollation

    /// -1, 0 or 1 as the output row `lhs` comes before, with or after `rhs` on this term (nil
    /// first ascending, last descending, as the store orders).
    package func compare(_ lhs: ContiguousArray<DatabaseValue>, _ rhs: ContiguousArray<DatabaseValue>) -> Int {
        let order = collation.compare(lhs[column], rhs[column])
        return ascending ? order : -order
    }
}

extension GroupedQuery {
    /// Whether the group with output `row` and `key` comes before the group with `otherRow` and
    /// `otherKey`: by the ``orders`` terms, then by the grouped keys in ascending order, as the
    /// store's `ORDER BY` gives them.
    package func precedes(_ row: ContiguousArray<DatabaseValue>, key: GroupKey, _ otherRow: ContiguousArray<DatabaseValue>, key otherKey: GroupKey) -> Bool {
        for order in orders {
            let result = order.compare(row, otherRow)
            if result != 0 { return result < 0 }
        }
        return key < otherKey
    }
}
