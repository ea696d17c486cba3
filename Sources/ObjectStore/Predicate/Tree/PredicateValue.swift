public import Foundation

/// A constant in a predicate: a literal of the format string, an argument, or a substituted
/// variable.
///
/// Values are converted to an attribute's stored form when the predicate is compiled for an
/// entity; a value that does not fit the attribute is a ``FetchPredicateError/typeMismatch(entity:key:reason:)``.
public enum PredicateValue: Sendable, Hashable, CustomStringConvertible {
    /// `nil` / `NULL`.
    case null
    /// `YES` / `NO` / `TRUE` / `FALSE`.
    case bool(Bool)
    /// An integer.
    case integer(Int64)
    /// A floating-point number (NaN behaves as nil, as SQLite stores it).
    case double(Double)
    /// A string.
    case string(String)
    /// A point in time.
    case date(Date)
    /// A UUID.
    case uuid(UUID)
    /// Bytes.
    case data(Data)
    /// A decimal number.
    case decimal(Decimal)
    /// An object (a managed object argument is stored as its ID).
    case objectID(ObjectID)
    /// An array or set (the right-hand side of `IN` or `BETWEEN`).
    case collection([PredicateValue])

    /// The value as the format syntax writes it: `nil`, `YES`, `42`, `"text"`,
    /// `CAST(700000000, "NSDate")`, `{1, 2}`. UUIDs, data and object IDs have no literal form and
    /// are written as descriptive placeholders.
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): value ? "YES" : "NO"
        case .integer(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): Self.quoted(value)
        case .date(let value): "CAST(\(value.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .decimal(let value): "CAST(\"\(value)\", \"NSDecimalNumber\")"
        case .uuid(let value): "<UUID \(value.uuidString)>"
        case .data(let value): "<Data \(value.map { String($0, radix: 16) }.joined())>"
        case .objectID(let value): "<\(value)>"
        case .collection(let values): "{" + values.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// Equal when the same case holds the same value; doubles compare by bit pattern, so a NaN
    /// constant equals itself and trees that hold one compare equal.
    public static func == (lhs: PredicateValue, rhs: PredicateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.double(a), .double(b)): a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): a == b
        case let (.date(a), .date(b)): a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case let (.uuid(a), .uuid(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.objectID(a), .objectID(b)): a == b
        case let (.collection(a), .collection(b)): a == b
        default: false
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value.bitPattern)
        case .string(let value): hasher.combine(value)
        case .date(let value): hasher.combine(value.timeIntervalSinceReferenceDate.bitPattern)
        case .uuid(let value): hasher.combine(value)
        case .data(let value): hasher.combine(value)
        case .decimal(let value): hasher.combine(value)
        case .objectID(let value): hasher.combine(value)
        case .collection(let values): hasher.combine(values)
        }
    }

    /// A string literal in double quotes, with `\`, `"` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}": result += "\\0"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
