import Foundation
package import ObjectStore

/// The filter typed after `/`: matches whose home or away team contains the text, ignoring case
/// and diacritics; empty text filters nothing.
package struct TeamFilter: Hashable, Sendable {
    package var text: String

    package init(_ text: String = "") {
        self.text = text
    }

    /// The predicate of the filter, or nil when it filters nothing.
    package var predicate: FetchPredicate<Match>? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        // The text is an argument, never spliced into the format: quotes and `%` are plain text.
        return try? FetchPredicate(format: "home CONTAINS[cd] %@ OR away CONTAINS[cd] %@", trimmed, trimmed)
    }

    /// `base` narrowed by the filter.
    package func narrowing(_ base: FetchPredicate<Match>) -> FetchPredicate<Match> {
        guard let predicate else { return base }
        return base && predicate
    }
}
