/// The storage type of an attribute, which fixes its SQLite column type.
public enum AttributeType: String, Sendable, Hashable, Codable {
    /// `Bool`, stored as INTEGER 0 or 1.
    case boolean
    /// `Int`, `Int16`, `Int32`, `Int64`, stored as INTEGER.
    case integer
    /// `Double` and `Float`, stored as REAL.
    case double
    /// `String`, stored as TEXT.
    case string
    /// `Date`, stored as REAL seconds since 2001-01-01 00:00:00 UTC (as Core Data does).
    case date
    /// `Data`, stored as BLOB.
    case binary
    /// `UUID`, stored as a 16-byte BLOB.
    case uuid
    /// `URL`, stored as its absolute string in TEXT.
    case uri
    /// `Decimal`, stored as its exact decimal text in TEXT.
    case decimal
    /// A `Codable` value, stored as JSON in BLOB.
    case json

    /// The declared SQLite column type.
    var sqlType: String {
        switch self {
        case .boolean, .integer: "INTEGER"
        case .double, .date: "REAL"
        case .string, .uri, .decimal: "TEXT"
        case .binary, .uuid, .json: "BLOB"
        }
    }
}
