/// How a sort descriptor compares strings.
///
/// Every comparator runs as a collation registered on the store's SQLite connections, and the
/// same Swift function orders objects in memory, so a store's order and an in-memory order never
/// differ. Comparators other than ``default`` apply to string attributes only.
public enum FetchSortComparator: Sendable, Hashable {
    /// Swift's `<` on `String` (Unicode canonical equivalence: `"e\u{301}"` ties with `"é"`); for
    /// other attributes, the natural order of the values (numbers by value, dates by time, data
    /// and UUIDs by bytes, decimals by value).
    case `default`
    /// Swift's `<` after Unicode case folding: `"apple" < "Banana" < "cherry"`.
    case caseInsensitive
    /// Case-insensitive and numeric-aware, as in file browsers: `"File 2" < "file 10"`.
    ///
    /// Runs of ASCII digits compare by their numeric value (leading zeros ignored); everything
    /// else compares by Unicode scalar after case folding. Unlike Apple's `localizedStandardCompare`
    /// it does not depend on the user's locale, so every device sorts alike.
    case localizedStandard
}
