/// An arithmetic operator between two numeric terms of a comparison: `price * quantity > 100`.
///
/// Both sides are read as floating-point numbers (as `NSExpression` computes), so integers
/// never overflow. A nil side, a division by zero, or a result that is not a number
/// (`∞ - ∞`) gives nil, and a comparison with nil is unknown.
package enum ArithmeticOperator: String, Sendable, Hashable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"

    /// How tightly it binds: `*` and `/` (2) before `+` and `-` (1).
    var precedence: Int {
        switch self {
        case .add, .subtract: 1
        case .multiply, .divide: 2
        }
    }

    /// The result for two numbers, or nil for a division by zero or a result that is not a
    /// number.
    func apply(_ lhs: Double, _ rhs: Double) -> Double? {
        let result: Double
        switch self {
        case .add: result = lhs + rhs
        case .subtract: result = lhs - rhs
        case .multiply: result = lhs * rhs
        case .divide:
            guard rhs != 0 else { return nil }
            result = lhs / rhs
        }
        return result.isNaN ? nil : result
    }
}
