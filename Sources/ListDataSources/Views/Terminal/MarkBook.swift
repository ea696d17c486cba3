/// How a terminal list marks a row that just changed.
enum RowMark: Hashable {
    case inserted, moved, updated

    /// The character shown before the row.
    var glyph: Character {
        switch self {
        case .inserted: "+"
        case .moved: "~"
        case .updated: "*"
        }
    }

    var color: TerminalStyle.Color {
        switch self {
        case .inserted: .green
        case .moved: .cyan
        case .updated: .yellow
        }
    }
}

/// The marks of rows (or sections) that changed lately, each until its own expiry.
///
/// Expiries are kept in the order marks were made, which is their order too (every mark lasts
/// as long), so forgetting expired marks costs O(1) per mark, whatever the number of keys.
struct MarkBook<Key: Hashable> {
    private var marks: [Key: (mark: RowMark, expiry: Duration)] = [:]
    private var expiries: [(key: Key, expiry: Duration)] = []
    private var head = 0

    var isEmpty: Bool { marks.isEmpty }

    /// Marks `key` until `expiry`, replacing any mark it had.
    mutating func mark(_ key: Key, _ mark: RowMark, until expiry: Duration) {
        marks[key] = (mark, expiry)
        expiries.append((key, expiry))
    }

    /// The mark of `key`, or `nil` when it has none or it expired by `now`.
    func mark(of key: Key, at now: Duration) -> RowMark? {
        guard let entry = marks[key], entry.expiry > now else { return nil }
        return entry.mark
    }

    /// Forgets every mark expired by `now`; returns whether any was forgotten.
    @discardableResult
    mutating func removeExpired(at now: Duration) -> Bool {
        var removed = false
        while head < expiries.count, expiries[head].expiry <= now {
            let (key, expiry) = expiries[head]
            if marks[key]?.expiry == expiry {
                marks[key] = nil
                removed = true
            }
            head += 1
        }
        if head >= 64, head * 2 >= expiries.count {
            expiries.removeFirst(head)
            head = 0
        }
        return removed
    }

    mutating func removeAll() {
        self = MarkBook()
    }
}
