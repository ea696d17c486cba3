import DiffableSupport
import GRDB

/// An attribute's declared rules, ready to check stored values: patterns are compiled once, when
/// the model is built.
struct AttributeRules: Sendable {
    let rules: [ValidationRule]
    /// Per rule: its compiled pattern, for pattern rules.
    private let patterns: [RegexBox?]
    /// Whether a rule other than ``ValidationRule/required`` needs a value to be checked.
    let checksValues: Bool
    /// Whether the rules require a value.
    let requiresValue: Bool

    /// Checks that every rule fits the attribute's type; a rule that cannot apply is a programmer
    /// error, reported with the entity and attribute names.
    init(_ rules: [ValidationRule], attribute: String, type: AttributeType, entity: String) {
        self.rules = rules
        patterns = rules.map { rule -> RegexBox? in
            let place = "\(entity).\(attribute)"
            switch rule.kind {
            case .range(_, _, let boundType, _):
                let numbers: [AttributeType] = [.integer, .double]
                programmerPrecondition((type == .date && boundType == .date) || (numbers.contains(type) && numbers.contains(boundType)),
                                       "The range rule of \(place) needs a number or date attribute bounded by values of its type; \(place) is \(type) and the bounds are \(boundType).")
                return nil
            case .length:
                programmerPrecondition(type == .string, "The length rule of \(place) applies to text; \(place) is \(type). Use a range rule for numbers and dates.")
                return nil
            case .pattern(let pattern):
                programmerPrecondition(type == .string, "The pattern rule of \(place) applies to text; \(place) is \(type).")
                switch RegexBox.compile(pattern, ignoresCase: false) {
                case .success(let box): return box
                case .failure(let invalid): programmerError("The pattern rule of \(place) is not a valid regular expression (\(invalid.reason)): \(pattern)")
                }
            case .required:
                return nil
            }
        }
        checksValues = rules.contains { $0.kind != .required }
        requiresValue = rules.contains { $0.kind == .required }
    }

    /// Calls `body` with each rule `value` breaks (nil values break none of these rules).
    func forEachBrokenRule(by value: DatabaseValue, _ body: (ValidationRule) -> Void) {
        guard checksValues, !value.isNull else { return }
        for (rule, pattern) in zip(rules, patterns) where !Self.keeps(rule, value, pattern: pattern) {
            body(rule)
        }
    }

    private static func keeps(_ rule: ValidationRule, _ value: DatabaseValue, pattern: RegexBox?) -> Bool {
        switch rule.kind {
        case let .range(lower, upper, _, _):
            if let lower, StoredValueOrder.compare(value, lower.databaseValue) < 0 { return false }
            if let upper, StoredValueOrder.compare(value, upper.databaseValue) > 0 { return false }
            return true
        case let .length(minimum, maximum):
            guard case .string(let text) = value.storage else { return false }
            let count = text.count
            return count >= (minimum ?? 0) && count <= (maximum ?? .max)
        case .pattern:
            guard case .string(let text) = value.storage, let pattern else { return false }
            return pattern.wholeMatches(text)
        case .required:
            return true
        }
    }
}
