package import GRDB

/// Equality and order of stored values exactly as SQLite's default (BINARY) collation sees them.
///
/// In-memory evaluation (pending changes, merges, sorting unsaved objects) uses these functions so
/// that it agrees with the SQL the store runs: NULL sorts first, then numbers (integers and reals
/// compared by value), then text (compared by UTF-8 bytes), then blobs (compared by bytes).
package enum StoredValueOrder {
    /// SQL `IS`: true when both are NULL or both are equal non-NULL values.
    package static func isSame(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// -1, 0 or 1 as `lhs` sorts before, with, or after `rhs` in SQLite.
    package static func compare(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Int {
        switch (lhs.storage, rhs.storage) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case let (.int64(a), .int64(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.double(a), .double(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.int64(a), .double(b)): return compare(integer: a, real: b)
        case let (.double(a), .int64(b)): return -compare(integer: b, real: a)
        case (.int64, _), (.double, _): return -1
        case (_, .int64), (_, .double): return 1
        case let (.string(a), .string(b)): return compareBytes(a.utf8, b.utf8)
        case (.string, .blob): return -1
        case (.blob, .string): return 1
        case let (.blob(a), .blob(b)): return compareBytes(a, b)
        }
    }

    private static func compare(integer: Int64, real: Double) -> Int {
        if real.isNaN { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        let truncated = Int64(real.rounded(.down))
        if integer < truncated { return -1 }
        if integer > truncated { return 1 }
        return Double(truncated) < real ? -1 : 0
    }

    private static func compareBytes<C: Collection>(_ lhs: C, _ rhs: C) -> Int where C.Element == UInt8 {
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (a?, b?) where a != b: return a < b ? -1 : 1
            default: continue
            }
        }
    }
}
