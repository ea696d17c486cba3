extension KeyExpression where Value: NumericAttributeValue {
    /// `lhs + rhs`, computed in floating point; nil when either side is nil.
    public static func + <Other: NumericAttributeValue>(lhs: KeyExpression, rhs: KeyExpression<Root, Other>) -> KeyExpression<Root, Double?> {
        lhs.combined(.add, rhs.term)
    }

    /// `lhs - rhs`.
    public static func - <Other: NumericAttributeValue>(lhs: KeyExpression, rhs: KeyExpression<Root, Other>) -> KeyExpression<Root, Double?> {
        lhs.combined(.subtract, rhs.term)
    }

    /// `lhs * rhs`.
    public static func * <Other: NumericAttributeValue>(lhs: KeyExpression, rhs: KeyExpression<Root, Other>) -> KeyExpression<Root, Double?> {
        lhs.combined(.multiply, rhs.term)
    }

    /// `lhs / rhs`; nil when `rhs` is 0.
    public static func / <Other: NumericAttributeValue>(lhs: KeyExpression, rhs: KeyExpression<Root, Other>) -> KeyExpression<Root, Double?> {
        lhs.combined(.divide, rhs.term)
    }

    /// `key + number`.
    public static func + (lhs: KeyExpression, rhs: Double) -> KeyExpression<Root, Double?> {
        lhs.combined(.add, .value(.double(rhs)))
    }

    /// `key - number`.
    public static func - (lhs: KeyExpression, rhs: Double) -> KeyExpression<Root, Double?> {
        lhs.combined(.subtract, .value(.double(rhs)))
    }

    /// `key * number`.
    public static func * (lhs: KeyExpression, rhs: Double) -> KeyExpression<Root, Double?> {
        lhs.combined(.multiply, .value(.double(rhs)))
    }

    /// `key / number`; nil when `rhs` is 0.
    public static func / (lhs: KeyExpression, rhs: Double) -> KeyExpression<Root, Double?> {
        lhs.combined(.divide, .value(.double(rhs)))
    }

    /// `number + key`.
    public static func + (lhs: Double, rhs: KeyExpression) -> KeyExpression<Root, Double?> {
        rhs.combined(.add, .value(.double(lhs)), constantFirst: true)
    }

    /// `number - key`.
    public static func - (lhs: Double, rhs: KeyExpression) -> KeyExpression<Root, Double?> {
        rhs.combined(.subtract, .value(.double(lhs)), constantFirst: true)
    }

    /// `number * key`.
    public static func * (lhs: Double, rhs: KeyExpression) -> KeyExpression<Root, Double?> {
        rhs.combined(.multiply, .value(.double(lhs)), constantFirst: true)
    }

    /// `number / key`; nil when the key is 0.
    public static func / (lhs: Double, rhs: KeyExpression) -> KeyExpression<Root, Double?> {
        rhs.combined(.divide, .value(.double(lhs)), constantFirst: true)
    }

    /// `-key`: the number negated, nil when it is nil (the format's `-score`).
    public static prefix func - (operand: KeyExpression) -> KeyExpression<Root, Double?> {
        operand.combined(.multiply, .value(.integer(-1)), constantFirst: true)
    }

    /// This term combined with `other` by `op` (`other op self` when `constantFirst`).
    private func combined(_ op: ArithmeticOperator, _ other: PredicateTerm, constantFirst: Bool = false) -> KeyExpression<Root, Double?> {
        KeyExpression<Root, Double?>(term: constantFirst ? .arithmetic(op, other, term) : .arithmetic(op, term, other))
    }
}
