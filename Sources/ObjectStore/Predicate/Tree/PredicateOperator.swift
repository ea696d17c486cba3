/// The operator of a comparison.
package enum PredicateOperator: Sendable, Hashable, CaseIterable {
    /// `==` or `=`.
    case equal
    /// `!=` or `<>`.
    case notEqual
    /// `<`.
    case less
    /// `<=` or `=<`.
    case lessOrEqual
    /// `>`.
    case greater
    /// `>=` or `=>`.
    case greaterOrEqual
    /// `IN`: the left value is one of the right-hand list (or of a to-many key path's values).
    case `in`
    /// `BETWEEN {low, high}`: inclusive on both ends.
    case between
    /// `BEGINSWITH`.
    case beginsWith
    /// `ENDSWITH`.
    case endsWith
    /// `CONTAINS`.
    case contains
    /// `LIKE`.
    case like
    /// `MATCHES`.
    case matches

    /// How the format syntax writes it.
    var formatToken: String {
        switch self {
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .in: "IN"
        case .between: "BETWEEN"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .contains: "CONTAINS"
        case .like: "LIKE"
        case .matches: "MATCHES"
        }
    }

    /// The string operator, for `BEGINSWITH` … `MATCHES`.
    var textOperator: TextOperator? {
        switch self {
        case .beginsWith: .beginsWith
        case .endsWith: .endsWith
        case .contains: .contains
        case .like: .like
        case .matches: .matches
        default: nil
        }
    }

    /// Whether the operator orders values (`<`, `<=`, `>`, `>=`).
    var isOrdering: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }
}
