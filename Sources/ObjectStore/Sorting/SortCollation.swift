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
        switch (lhs.storage, rhs.storage) {
        case (.string(var left), .string(var right)):
            return left.withUTF8 { a in right.withUTF8 { b in compareText(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
        case (.blob(let left), .blob(let right)):
            return left.withUnsafeBytes { a in right.withUnsafeBytes { b in TextCollation.compareBytes(a, b) } }
        default:
            return StoredValueOrder.compare(lhs, rhs)
        }
    }

    // MARK: Sort keys

    /// `value` in the form sorts compare it in: case-folded text for ``caseInsensitive`` and
    /// ``localizedStandard`` (so that each value is folded once, not at every comparison), any
    /// other value as it is. ``compareSortKeys(_:_:)`` orders such keys exactly as
    /// ``compare(_:_:)`` orders the values.
    func sortKey(_ value: DatabaseValue) -> DatabaseValue {
        guard let folding = sortKeyFolding, case .string(let text) = value.storage else { return value }
        return TextFolding.fold(text, folding).databaseValue
    }

    /// The SQL that selects the sort key of `expression` (`ds_fold(…)` where ``sortKey(_:)`` folds).
    func sortKeySQL(_ expression: String) -> String {
        guard let folding = sortKeyFolding else { return expression }
        return "ds_fold(\(expression), \(folding.rawValue))"
    }

    /// Orders two sort keys (see ``sortKey(_:)``).
    func compareSortKeys(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Int {
        guard sortKeyFolding != nil, case .string(var left) = lhs.storage, case .string(var right) = rhs.storage else { return compare(lhs, rhs) }
        return left.withUTF8 { a in
            right.withUTF8 { b in
                self == .caseInsensitive
                    ? TextCollation.compareSwift(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
                    : TextCollation.compareFoldedNumericAware(a, b)
            }
        }
    }

    /// The folding a sort key gets, or nil when sort keys are the values themselves.
    private var sortKeyFolding: ComparisonOptions? {
        self == .caseInsensitive || self == .localizedStandard ? .caseInsensitive : nil
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
