extension KeyExpression {
    /// `abs(operand)`: the magnitude of a number, nil when it is nil.
    public static func abs<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.abs, [operand.term]))
    }

    /// `floor(operand)`: the largest integral number not above it.
    public static func floor<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.floor, [operand.term]))
    }

    /// `ceiling(operand)`: the smallest integral number not below it.
    public static func ceiling<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.ceiling, [operand.term]))
    }

    /// `trunc(operand)`: the number rounded toward zero.
    public static func trunc<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.trunc, [operand.term]))
    }

    /// `sqrt(operand)`: the square root, nil for a negative number.
    public static func sqrt<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.sqrt, [operand.term]))
    }

    /// `modulus:by:(dividend, divisor)`: the remainder truncated toward zero, with the sign of
    /// the dividend; nil for a divisor of 0.
    public static func modulus<Dividend: NumericAttributeValue, Divisor: NumericAttributeValue>(
        _ dividend: KeyExpression<Root, Dividend>, by divisor: KeyExpression<Root, Divisor>
    ) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.modulus, [dividend.term, divisor.term]))
    }

    /// `modulus:by:(dividend, divisor)` with a constant divisor: `.modulus(.key(\.level), by: 2) == 1`.
    public static func modulus<Dividend: NumericAttributeValue>(_ dividend: KeyExpression<Root, Dividend>, by divisor: Double) -> KeyExpression where Value == Double? {
        KeyExpression(term: .function(.modulus, [dividend.term, .value(.double(divisor))]))
    }

    /// `lowercase(operand)`: the string in lowercase (Unicode's full mapping, no locale).
    public static func lowercase<Operand: TextAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == String? {
        KeyExpression(term: .function(.lowercase, [operand.term]))
    }

    /// `uppercase(operand)`: the string in uppercase (Unicode's full mapping, no locale).
    public static func uppercase<Operand: TextAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression where Value == String? {
        KeyExpression(term: .function(.uppercase, [operand.term]))
    }
}

extension FetchPredicate {
    /// `abs(operand)`: `.abs(.key(\.score) - 3) < 1`.
    public static func abs<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, Double?> {
        .abs(operand)
    }

    /// `floor(operand)`: `.floor(.key(\.score)) == 2`.
    public static func floor<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, Double?> {
        .floor(operand)
    }

    /// `ceiling(operand)`: `.ceiling(.key(\.score)) == 3`.
    public static func ceiling<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, Double?> {
        .ceiling(operand)
    }

    /// `trunc(operand)`: `.trunc(.key(\.score)) == 2`.
    public static func trunc<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, Double?> {
        .trunc(operand)
    }

    /// `sqrt(operand)`: `.sqrt(.key(\.score)) > 2`.
    public static func sqrt<Operand: NumericAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, Double?> {
        .sqrt(operand)
    }

    /// `modulus:by:(dividend, divisor)`: `.modulus(.key(\.level), by: 2) == 1`.
    public static func modulus<Dividend: NumericAttributeValue>(_ dividend: KeyExpression<Root, Dividend>, by divisor: Double) -> KeyExpression<Root, Double?> {
        .modulus(dividend, by: divisor)
    }

    /// `lowercase(operand)`: `.lowercase(.key(\.name)) == "ann"`.
    public static func lowercase<Operand: TextAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, String?> {
        .lowercase(operand)
    }

    /// `uppercase(operand)`: `.uppercase(.key(\.name)) == "ANN"`.
    public static func uppercase<Operand: TextAttributeValue>(_ operand: KeyExpression<Root, Operand>) -> KeyExpression<Root, String?> {
        .uppercase(operand)
    }
}
