/// How string comparisons treat case and diacritics: the `[c]`, `[d]` and `[cd]` modifiers of the
/// predicate format syntax.
///
/// ```swift
/// let predicate = try FetchPredicate<Event>(format: "title BEGINSWITH[cd] %@", "arger")
/// // the same, typed:
/// let typed = FetchPredicate<Event>.key(\.title).beginsWith("arger", options: [.caseInsensitive, .diacriticInsensitive])
/// ```
///
/// Both sides are folded with the same function before they are compared, in SQL and in memory:
/// case folding is Unicode full case folding (`"Straße"` folds to `"strasse"`), diacritic folding
/// removes combining marks (`"Ärger"` folds to `"Arger"`).
public struct ComparisonOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `[c]`: upper and lower case compare equal.
    public static let caseInsensitive = ComparisonOptions(rawValue: 1)
    /// `[d]`: letters with and without diacritics compare equal.
    public static let diacriticInsensitive = ComparisonOptions(rawValue: 2)

    /// The modifier as written in a format string (`"[cd]"`), or the empty string.
    var formatModifier: String {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (true, true): "[cd]"
        case (true, false): "[c]"
        case (false, true): "[d]"
        case (false, false): ""
        }
    }
}
