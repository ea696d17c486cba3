package import GRDB

/// The values of the grouped keys that make one group, ordered as the store orders them
/// (``StoredValueOrder``, key by key).
package struct GroupKey: Hashable, Sendable, Comparable {
    package var values: [DatabaseValue]

    package init(_ values: [DatabaseValue]) {
        self.values = values
    }

    package static func < (lhs: GroupKey, rhs: GroupKey) -> Bool {
        for (left, right) in zip(lhs.values, rhs.values) {
            let order = StoredValueOrder.compare(left, right)
            if order != 0 { return order < 0 }
        }
        return lhs.values.count < rhs.values.count
    }
}
