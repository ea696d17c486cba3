/// A rule an attribute's value must keep for a save to succeed, declared with the attribute.
///
/// ```swift
/// final class Player: ManagedObject {
///     @Attribute(validation: [.length(1...40), .pattern("[A-Za-z ]+")]) var name = ""
///     @Attribute(validation: [.range(0...99)]) var number = 0
///     @Attribute(validation: [.minimum(Date(timeIntervalSince1970: 0))]) var born = Date.now
///     @Attribute(validation: [.required]) var email: String?
/// }
/// ```
///
/// A save checks the rules of every inserted and updated object and throws
/// ``ObjectStoreError/validation(_:)`` listing each broken one as
/// ``ValidationFailure/ruleBroken(_:key:rule:)``. A nil value keeps every rule but
/// ``ValidationRule/required`` (a non-optional attribute always requires a value). Ranges apply to
/// numbers and dates, lengths and patterns to text; a rule on an attribute of another type, or a
/// pattern that does not compile, is a programmer error reported when the model is built.
public struct ValidationRule: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        /// Bounds in stored form (nil: unbounded), the type they were given as, and how to show them.
        case range(lower: StoredValue?, upper: StoredValue?, type: AttributeType, shown: String)
        /// Bounds on the number of characters (nil: unbounded).
        case length(minimum: Int?, maximum: Int?)
        /// A regular expression (Swift `Regex` syntax) the whole text must match.
        case pattern(String)
        case required
    }

    let kind: Kind

    /// The value lies in `range` (both ends included).
    public static func range<Value: AttributeValue & Comparable>(_ range: ClosedRange<Value>) -> ValidationRule {
        ValidationRule(kind: .range(lower: range.lowerBound.storedValue, upper: range.upperBound.storedValue,
                                    type: Value.attributeType, shown: "between \(range.lowerBound) and \(range.upperBound)"))
    }

    /// The value is at least `minimum`.
    public static func minimum<Value: AttributeValue & Comparable>(_ minimum: Value) -> ValidationRule {
        ValidationRule(kind: .range(lower: minimum.storedValue, upper: nil, type: Value.attributeType, shown: "at least \(minimum)"))
    }

    /// The value is at most `maximum`.
    public static func maximum<Value: AttributeValue & Comparable>(_ maximum: Value) -> ValidationRule {
        ValidationRule(kind: .range(lower: nil, upper: maximum.storedValue, type: Value.attributeType, shown: "at most \(maximum)"))
    }

    /// The text has a number of characters in `range`.
    public static func length(_ range: ClosedRange<Int>) -> ValidationRule {
        ValidationRule(kind: .length(minimum: range.lowerBound, maximum: range.upperBound))
    }

    /// The text has at least `minimum` characters.
    public static func minimumLength(_ minimum: Int) -> ValidationRule {
        ValidationRule(kind: .length(minimum: minimum, maximum: nil))
    }

    /// The text has at most `maximum` characters.
    public static func maximumLength(_ maximum: Int) -> ValidationRule {
        ValidationRule(kind: .length(minimum: nil, maximum: maximum))
    }

    /// The whole text matches the regular expression `pattern` (Swift `Regex` syntax, as the
    /// predicate operator `MATCHES`).
    public static func pattern(_ pattern: String) -> ValidationRule {
        ValidationRule(kind: .pattern(pattern))
    }

    /// The value is not nil (what a non-optional attribute always requires).
    public static let required = ValidationRule(kind: .required)

    /// What the rule asks for, as a phrase ("between 0 and 99", "matching [A-Z]+").
    public var description: String {
        switch kind {
        case .range(_, _, _, let shown): shown
        case let .length(minimum?, maximum?): "\(minimum) to \(maximum) characters long"
        case let .length(minimum?, nil): "at least \(minimum) characters long"
        case let .length(nil, maximum?): "at most \(maximum) characters long"
        case .length(nil, nil): "of any length"
        case .pattern(let pattern): "matching the pattern \(pattern)"
        case .required: "present (not nil)"
        }
    }
}
