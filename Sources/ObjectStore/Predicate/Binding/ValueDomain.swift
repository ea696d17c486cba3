/// What kind of value a key holds, for type-checking comparisons and converting constants.
enum ValueDomain: Sendable, Hashable, CustomStringConvertible {
    /// Booleans, integers, floating-point numbers, `@count`.
    case number
    /// Dates (seconds since 2001-01-01).
    case date
    /// Strings and URLs.
    case text
    /// Decimals (stored as text, compared by value).
    case decimal
    /// Data.
    case bytes
    /// UUIDs.
    case uuid
    /// Codable values stored as JSON: comparable with nil only.
    case json
    /// A to-one relationship or `SELF`: an object of the named entity.
    case object(String)

    /// The domain of an attribute type.
    init(_ type: AttributeType) {
        switch type {
        case .boolean, .integer, .double: self = .number
        case .date: self = .date
        case .string, .uri: self = .text
        case .decimal: self = .decimal
        case .binary: self = .bytes
        case .uuid: self = .uuid
        case .json: self = .json
        }
    }

    /// The natural domain of a constant (nil for nil and collections).
    init?(of value: PredicateValue) {
        switch value {
        case .bool, .integer, .double: self = .number
        case .date: self = .date
        case .string: self = .text
        case .decimal: self = .decimal
        case .data: self = .bytes
        case .uuid: self = .uuid
        case .objectID(let id): self = .object(id.entity.name)
        case .null, .collection: return nil
        }
    }

    /// Whether `<`, `<=`, `>`, `>=` and `BETWEEN` apply.
    var isOrdered: Bool {
        switch self {
        case .json, .object: false
        default: true
        }
    }

    /// How comparisons in this domain order values.
    var collation: SortCollation {
        self == .decimal ? .decimal : .binary
    }

    /// For messages: "a number", "a Sport object", ….
    var description: String {
        switch self {
        case .number: "a number"
        case .date: "a date"
        case .text: "a string"
        case .decimal: "a decimal"
        case .bytes: "data"
        case .uuid: "a UUID"
        case .json: "a JSON (Codable) value"
        case .object(let entity): "a \(entity) object"
        }
    }
}
