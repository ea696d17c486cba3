import Foundation

/// How the store computes a derived attribute (``Derived``) from the object's own values or its
/// relationships' (Core Data's `NSDerivedAttributeDescription` derivation expressions).
///
/// Write it as a key path, or as the string Core Data takes:
///
/// | Expression | String form | Value |
/// | --- | --- | --- |
/// | `.value(\Match.title)` | `"title"` | a copy of an attribute |
/// | `.value(\Match.sport?.name)` | `"sport.name"` | a copy through one to-one relationship |
/// | `.lowercase(\Match.title)` | `"lowercase:(title)"` | the text lowercased |
/// | `.uppercase(\Match.title)` | `"uppercase:(title)"` | the text uppercased |
/// | `.canonical(\Match.title)` | `"canonical:(title)"` | the text lowercased, without diacritics |
/// | `.count(\Match.bets)` | `"bets.@count"` | the number of members of a to-many relationship |
/// | `.sum(\Match.bets, \Bet.stake)` | `"bets.@sum.stake"` | the sum of a number attribute of its members |
/// | `.now` | `"now()"` | the time of the save that last wrote the object |
///
/// The text functions also take a path through one to-one relationship (`"lowercase:(sport.name)"`).
/// A to-many relationship counted or summed needs a to-one inverse. An expression that does not
/// fit its entity stops the model's creation with a message naming the entity and attribute.
public struct DerivationExpression: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    enum Function: String, Sendable, Hashable {
        case value, lowercase, uppercase, canonical, count, sum, now
    }

    /// What the function reads: names as in a format string, or key paths read from prototypes.
    enum Path: Sendable, Hashable {
        case names([String])
        case keyPaths([SendableKeyPath])
        /// A string that is not a derivation expression, reported when the model is built.
        case invalid(String)
    }

    let function: Function
    let path: Path

    init(_ function: Function, _ path: Path) {
        self.function = function
        self.path = path
    }

    /// Parses Core Data's string form: `"title"`, `"sport.name"`, `"lowercase:(title)"`,
    /// `"uppercase:(title)"`, `"canonical:(title)"`, `"bets.@count"`, `"bets.@sum.stake"`, `"now()"`.
    public init(_ format: String) {
        self = Self.parse(format.trimmingCharacters(in: .whitespaces)) ?? Self(.value, .invalid(format))
    }

    /// Parses the string form (see ``init(_:)``).
    public init(stringLiteral format: String) {
        self.init(format)
    }

    private static func parse(_ format: String) -> Self? {
        if format == "now()" { return Self(.now, .names([])) }
        for function in [Function.lowercase, .uppercase, .canonical] {
            let prefix = "\(function.rawValue):("
            if format.hasPrefix(prefix) && format.hasSuffix(")") {
                let inner = String(format.dropFirst(prefix.count).dropLast())
                return names(inner).map { Self(function, .names($0)) }
            }
        }
        guard let parts = names(format) else { return nil }
        if parts.count >= 2, parts.last == "@count" { return Self(.count, .names(Array(parts.dropLast()))) }
        if let index = parts.firstIndex(of: "@sum"), index > 0, index == parts.count - 2 {
            return Self(.sum, .names(Array(parts[..<index]) + [parts[index + 1]]))
        }
        return parts.contains { $0.hasPrefix("@") } ? nil : Self(.value, .names(parts))
    }

    /// The dotted names of a key path string; nil when one is empty.
    private static func names(_ text: String) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.contains(where: \.isEmpty) ? nil : parts
    }

    /// A copy of the attribute at `keyPath`, on the object or through one to-one relationship.
    public static func value<Root: ManagedObject, Value: AttributeValue>(_ keyPath: KeyPath<Root, Value>) -> Self {
        Self(.value, .keyPaths([SendableKeyPath(keyPath)]))
    }

    /// The text at `keyPath`, lowercased.
    public static func lowercase<Root: ManagedObject, Value: TextAttributeValue>(_ keyPath: KeyPath<Root, Value>) -> Self {
        Self(.lowercase, .keyPaths([SendableKeyPath(keyPath)]))
    }

    /// The text at `keyPath`, uppercased.
    public static func uppercase<Root: ManagedObject, Value: TextAttributeValue>(_ keyPath: KeyPath<Root, Value>) -> Self {
        Self(.uppercase, .keyPaths([SendableKeyPath(keyPath)]))
    }

    /// The text at `keyPath`, lowercased and without diacritics, for searches that ignore both.
    public static func canonical<Root: ManagedObject, Value: TextAttributeValue>(_ keyPath: KeyPath<Root, Value>) -> Self {
        Self(.canonical, .keyPaths([SendableKeyPath(keyPath)]))
    }

    /// The number of members of the to-many relationship at `keyPath`.
    public static func count<Root: ManagedObject, Members: RelationshipValue>(_ keyPath: KeyPath<Root, Members>) -> Self {
        Self(.count, .keyPaths([SendableKeyPath(keyPath)]))
    }

    /// The sum of the number attribute at `member` over the members of the to-many relationship
    /// at `keyPath` (0 without members).
    public static func sum<Root: ManagedObject, Members: RelationshipValue, Value: NumericAttributeValue>(
        _ keyPath: KeyPath<Root, Members>, _ member: KeyPath<Members.Destination, Value>
    ) -> Self {
        Self(.sum, .keyPaths([SendableKeyPath(keyPath), SendableKeyPath(member)]))
    }

    /// The time of the save that last wrote the object.
    public static var now: Self { Self(.now, .names([])) }

    /// The string form, or the key paths for expressions made from key paths.
    public var description: String {
        let path: String
        switch self.path {
        case .names(let names): path = names.joined(separator: ".")
        case .keyPaths(let keyPaths): path = keyPaths.map { "\($0.keyPath)" }.joined(separator: ", ")
        case .invalid(let format): return format
        }
        switch function {
        case .value: return path
        case .lowercase, .uppercase, .canonical: return "\(function.rawValue):(\(path))"
        case .count: return "\(path).@count"
        case .sum:
            guard case .names(let names) = self.path, let member = names.last else { return "@sum(\(path))" }
            return "\(names.dropLast().joined(separator: ".")).@sum.\(member)"
        case .now: return "now()"
        }
    }
}
