import Foundation
package import GRDB

/// The comparison a sort key (or an ordering predicate) uses: SQLite's built-in BINARY order, or
/// one of the collations registered on every connection of the store. Each case has one Swift
/// implementation that both the collation callback and in-memory ordering call.
package enum SortCollation: Sendable, Hashable {
    /// SQLite's default: NULL, then numbers by value, text by UTF-8 bytes, blobs by bytes
    /// (``StoredValueOrder``).
    case binary
    /// Swift's `<` on strings.
    case string
    /// Swift's `<` on case-folded strings.
    case caseInsensitive
    /// Case-insensitive and numeric-aware.
    case localizedStandard
    /// Decimal text compared by numeric value.
    case decimal

    /// Every registered collation.
    static let registered: [SortCollation] = [.string, .caseInsensitive, .localizedStandard, .decimal]

    /// The collation's SQL name, or nil for BINARY.
    var sqlName: String? {
        switch self {
        case .binary: nil
        case .string: "DS_STRING"
        case .caseInsensitive: "DS_CASEINSENSITIVE"
        case .localizedStandard: "DS_LOCALIZEDSTANDARD"
        case .decimal: "DS_DECIMAL"
        }
    }

    /// ` COLLATE name`, or the empty string for BINARY.
    var sqlSuffix: String {
        sqlName.map { " COLLATE \($0)" } ?? ""
    }

    /// -1, 0 or 1 as `lhs` sorts before, with or after `rhs`, exactly as SQLite orders them with
    /// this collation: NULL first, storage classes in SQLite's order, and the collation only
    /// between two texts.
    package func compare(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Int {
        if self != .binary, case .string(let left) = lhs.storage, case .string(let right) = rhs.storage {
            var left = left, right = right
            return left.withUTF8 { a in right.withUTF8 { b in compareText(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
        }
        return StoredValueOrder.compare(lhs, rhs)
    }

    /// The collation over two UTF-8 texts (what the SQLite callback receives).
    func compareText(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        switch self {
        case .binary: TextCollation.compareBytes(lhs, rhs)
        case .string: TextCollation.compareSwift(lhs, rhs)
        case .caseInsensitive: TextCollation.compareCaseInsensitive(lhs, rhs)
        case .localizedStandard: TextCollation.compareLocalizedStandard(lhs, rhs)
        case .decimal: TextCollation.compareDecimal(lhs, rhs)
        }
    }

    /// The collation a sort comparator uses for an attribute of `type` (nil when the comparator
    /// does not apply to the type).
    static func forSorting(_ comparator: FetchSortComparator, type: AttributeType?) -> SortCollation? {
        let isText = type == .string || type == .uri
        switch comparator {
        case .default:
            if isText { return .string }
            return type == .decimal ? .decimal : .binary
        case .caseInsensitive:
            return isText ? .caseInsensitive : nil
        case .localizedStandard:
            return isText ? .localizedStandard : nil
        }
    }
}
